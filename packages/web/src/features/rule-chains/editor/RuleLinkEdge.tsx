import { BaseEdge, type Edge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import { selectors } from '../../../selectors';

/** What a link shows: its relation types, comma separated, as the reference labels links. */
export type RuleLinkData = { label: string };

export type RuleFlowEdge = Edge<RuleLinkData, 'ruleLink'>;

/** A curved link with its label in the middle. */
export function RuleLinkEdge(props: EdgeProps<RuleFlowEdge>) {
  const { id, data, markerEnd, selected, style } = props;
  const [path, labelX, labelY] = getBezierPath(props);
  const label = data?.label ?? '';
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={{ ...style, strokeWidth: selected ? 3 : 2 }}
      />
      {label && (
        <EdgeLabelRenderer>
          <div
            className="nodrag nopan"
            data-testid={selectors.ruleChains.edgeLabel(label)}
            style={{
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
              background: selected ? '#ffe0b2' : '#fff',
              border: '1px solid rgba(0, 0, 0, 0.2)',
              borderRadius: 4,
              padding: '1px 6px',
              fontSize: 12,
              pointerEvents: 'all',
            }}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const RULE_FLOW_EDGE_TYPES = { ruleLink: RuleLinkEdge };
