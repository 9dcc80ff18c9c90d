import { BaseEdge, type Edge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import { createContext, useContext } from 'react';
import { selectors } from '../../../selectors';

/** What a link shows: its relation types, comma separated, as the reference labels links. */
export type RuleLinkData = { label: string };

export type RuleFlowEdge = Edge<RuleLinkData, 'ruleLink'>;

/**
 * What a link's label does when clicked: labels are drawn outside the canvas' edge layer, so the
 * canvas' own edge click handlers never see clicks on them.
 */
export interface LinkLabelActions {
  select: (edgeId: string) => void;
  edit: (from: string, to: string) => void;
}

export const LinkLabelActionsContext = createContext<LinkLabelActions | null>(null);

/** A curved link with its label in the middle. */
export function RuleLinkEdge(props: EdgeProps<RuleFlowEdge>) {
  const { id, source, target, data, markerEnd, selected, style } = props;
  const actions = useContext(LinkLabelActionsContext);
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
          <button
            type="button"
            className="nodrag nopan"
            onClick={() => actions?.select(id)}
            onDoubleClick={() => actions?.edit(source, target)}
            data-testid={selectors.ruleChains.edgeLabel(label)}
            style={{
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
              background: selected ? '#ffe0b2' : '#fff',
              border: '1px solid rgba(0, 0, 0, 0.2)',
              borderRadius: 4,
              padding: '1px 6px',
              font: 'inherit',
              fontSize: 12,
              pointerEvents: 'all',
              color: 'rgba(0, 0, 0, 0.87)',
              cursor: 'pointer',
            }}
          >
            {label}
          </button>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const RULE_FLOW_EDGE_TYPES = { ruleLink: RuleLinkEdge };
