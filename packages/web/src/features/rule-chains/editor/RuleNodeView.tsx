import type { RuleNodeType } from '@meridian/common';
import BugReport from '@mui/icons-material/BugReport';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { selectors } from '../../../selectors';
import { RULE_NODE_COLORS } from './node-colors';

/** What a node tile shows. */
export type RuleNodeData = {
  category: RuleNodeType;
  typeName: string;
  name: string;
  debugMode: boolean;
  inEnabled: boolean;
  outEnabled: boolean;
  description: string;
  testId: string;
};

export type RuleFlowNode = Node<RuleNodeData, 'ruleNode'>;

/** A node tile: category colour, class name over node name, input on the left, output on the right. */
export const RuleNodeView = memo(function RuleNodeView({ data, selected }: NodeProps<RuleFlowNode>) {
  const tile = (
    <Box
      data-testid={data.testId}
      data-selected={selected ? 'true' : 'false'}
      sx={{
        minWidth: 150,
        maxWidth: 220,
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        bgcolor: RULE_NODE_COLORS[data.category],
        color: 'rgba(0, 0, 0, 0.87)',
        border: 2,
        borderColor: selected ? 'primary.main' : 'rgba(0, 0, 0, 0.2)',
        boxShadow: selected ? 4 : 1,
        fontSize: 12,
        position: 'relative',
      }}
    >
      {data.inEnabled && <Handle type="target" position={Position.Left} />}
      <Box
        sx={{
          fontWeight: 500,
          opacity: 0.75,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {data.typeName}
      </Box>
      <Box sx={{ fontSize: 14, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {data.name}
      </Box>
      {data.debugMode && (
        <BugReport
          fontSize="inherit"
          data-testid={`${data.testId}-debug`}
          sx={{ position: 'absolute', top: 2, right: 2 }}
        />
      )}
      {data.outEnabled && <Handle type="source" position={Position.Right} />}
    </Box>
  );
  return data.description ? (
    <Tooltip title={data.description} placement="top">
      {tile}
    </Tooltip>
  ) : (
    tile
  );
});

/** The node types the canvas draws. */
export const RULE_FLOW_NODE_TYPES = { ruleNode: RuleNodeView };

/** Test id of a node tile; the Input node has its own. */
export const nodeTestId = (name: string, input: boolean) =>
  input ? selectors.ruleChains.inputNode : selectors.ruleChains.node(name);
