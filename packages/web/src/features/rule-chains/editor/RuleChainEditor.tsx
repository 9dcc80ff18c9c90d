import {
  type ComponentDescriptor,
  RULE_CHAIN_INPUT_NODE_CLAZZ,
  type RuleChain,
  type RuleChainMetaData,
  type RuleNode,
} from '@meridian/common';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { isTyping } from '../../../components/editing/is-typing';
import { ShortcutCheatSheet } from '../../../components/shortcuts/ShortcutCheatSheet';
import '@xyflow/react/dist/style.css';
import {
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  getRuleChainOutputLabels,
  ruleChainKeys,
  saveRuleChain,
  saveRuleChainMetaData,
} from '../../../api/rule-chains';
import { useLeaveGuard } from '../../../app/routes/leave-guard';
import { useServices } from '../../../app/services/useServices';
import {
  type History,
  isDirty,
  pushHistory,
  redoHistory,
  startHistory,
  undoHistory,
} from '../../../components/editing/history';
import { downloadJson } from '../../../components/entity-table/download';
import { selectors } from '../../../selectors';
import { ruleChainEditorPath } from '../rule-chain-paths';
import { exportedRuleChain, exportFileName, parseImportedRuleChain } from '../rule-chain-values';
import {
  addNode,
  type ChainGraph,
  type CopiedNodes,
  copyNodes,
  graphOfMetadata,
  INPUT_NODE_KEY,
  linkBetween,
  metadataOfGraph,
  moveNodes,
  nodeClassOf,
  nodeOfDescriptor,
  pasteNodes,
  removeElements,
  replaceNode,
  resetDebugMode,
  setLinkLabels,
} from './chain-graph';
import { EditorToolbar } from './EditorToolbar';
import { RULE_CHAIN_EDITOR_SHORTCUTS } from './editor-shortcuts';
import { flowEdgesOf, flowNodesOf } from './flow-elements';
import { LinkDialog } from './LinkDialog';
import { NestedChainDialog } from './NestedChainDialog';
import { NodeConfigDialog } from './NodeConfigDialog';
import { LIBRARY_DRAG_TYPE, NodeLibrary } from './NodeLibrary';
import { extractNestedChain, nestedChainProblem } from './nested-chain';
import { type LinkLabelActions, LinkLabelActionsContext, RULE_FLOW_EDGE_TYPES } from './RuleLinkEdge';
import { RULE_FLOW_NODE_TYPES, type RuleFlowNode } from './RuleNodeView';

/** Where pasted nodes land, relative to the copies. */
const PASTE_OFFSET = { x: 40, y: 40 };

type Dialog =
  | { kind: 'addNode'; node: RuleNode; position: { x: number; y: number } }
  | { kind: 'editNode'; key: string }
  | { kind: 'nestedChain'; keys: ReadonlySet<string> }
  | {
      kind: 'link';
      from: string;
      to: string;
      options: string[];
      allowCustom: boolean;
      initial: string[];
      isNew: boolean;
    };

type ContextMenu = { x: number; y: number } & (
  | { kind: 'node'; key: string }
  | { kind: 'link'; from: string; to: string }
  | { kind: 'pane' }
);

export interface RuleChainEditorProps {
  ruleChain: RuleChain;
  metadata: RuleChainMetaData;
  descriptors: readonly ComponentDescriptor[];
  /** An imported chain, not stored yet: it has unsaved changes from the start. */
  isNew: boolean;
  /** Saves the graph's metadata (and for a new chain, the chain first); resolves to the stored metadata. */
  save: (metadata: RuleChainMetaData) => Promise<RuleChainMetaData>;
}

/** The rule chain editor (reference console §8.1) on its canvas provider. */
export function RuleChainEditor(props: RuleChainEditorProps) {
  return (
    <ReactFlowProvider>
      <EditorCanvas {...props} />
    </ReactFlowProvider>
  );
}

function EditorCanvas({ ruleChain, metadata, descriptors, isNew, save }: RuleChainEditorProps) {
  const { t } = useTranslation();
  const { http, toasts, queryClient } = useServices();
  const flow = useReactFlow();
  const navigate = useNavigate();
  const wrapper = useRef<HTMLDivElement | null>(null);
  const importInput = useRef<HTMLInputElement | null>(null);
  const clipboard = useRef<CopiedNodes | null>(null);
  const [history, setHistory] = useState<History<ChainGraph>>(() =>
    startHistory(graphOfMetadata(metadata, !isNew)),
  );
  const graph = history.present;
  const [stored, setStored] = useState(!isNew);
  const dirty = isDirty(history) || !stored;
  const [saving, setSaving] = useState(false);
  const [flowNodes, setFlowNodes] = useState<RuleFlowNode[]>([]);
  const [selectedLinks, setSelectedLinks] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [menu, setMenu] = useState<ContextMenu | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const nestedChainCreated = useRef<{ keys: ReadonlySet<string>; chain: RuleChain } | null>(null);

  const byClazz = useMemo(() => new Map(descriptors.map((d) => [d.clazz, d])), [descriptors]);
  const inputLabel = t('rulenode.input');

  useEffect(() => {
    setFlowNodes((current) => flowNodesOf(graph, byClazz, inputLabel, current));
  }, [graph, byClazz, inputLabel]);
  const flowEdges = useMemo(() => flowEdgesOf(graph, selectedLinks), [graph, selectedLinks]);

  useLeaveGuard(
    dirty
      ? {
          title: t('rule-chain.unsaved-title'),
          message: t('rule-chain.unsaved-text'),
          okLabel: t('rule-chain.leave'),
          cancelLabel: t('action.cancel'),
        }
      : null,
  );

  const edit = useCallback((change: (graph: ChainGraph) => ChainGraph) => {
    setHistory((h) => pushHistory(h, change(h.present)));
  }, []);

  const selectedNodeKeys = useCallback(
    () => new Set(flowNodes.filter((n) => n.selected && n.id !== INPUT_NODE_KEY).map((n) => n.id)),
    [flowNodes],
  );

  const deleteSelected = useCallback(() => {
    const keys = selectedNodeKeys();
    const links = [...selectedLinks].map((id) => {
      const [from = '', to = ''] = id.split('->');
      return { from, to };
    });
    if (keys.size === 0 && links.length === 0) return;
    edit((g) => removeElements(g, keys, links));
    setSelectedLinks(new Set());
  }, [edit, selectedNodeKeys, selectedLinks]);

  const copySelected = useCallback(() => {
    const copied = copyNodes(graph, selectedNodeKeys());
    if (copied) clipboard.current = copied;
  }, [graph, selectedNodeKeys]);

  const paste = useCallback(() => {
    const copied = clipboard.current;
    if (!copied) return;
    const pasted = pasteNodes(graph, copied, PASTE_OFFSET);
    setHistory((h) => pushHistory(h, pasted.graph));
    // The copies are what is selected after a paste, so that they can be moved or copied on.
    const keys = new Set(pasted.keys);
    setFlowNodes((nodes) => nodes.map((n) => ({ ...n, selected: keys.has(n.id) })));
    // The next paste lands further along.
    clipboard.current = copyNodes(pasted.graph, keys);
  }, [graph]);

  const undo = useCallback(() => setHistory(undoHistory), []);
  const redo = useCallback(() => setHistory(redoHistory), []);
  const revert = useCallback(() => setHistory((h) => pushHistory(h, h.saved)), []);

  const onSave = useCallback(async () => {
    setSaving(true);
    try {
      const saved = await save(metadataOfGraph(graph, ruleChain.id));
      // The stored nodes have ids now: they are the new starting point.
      setHistory(startHistory(graphOfMetadata(saved)));
      setStored(true);
    } catch {
      // The HTTP client shows the server's message.
    } finally {
      setSaving(false);
    }
  }, [save, graph, ruleChain.id]);

  /** Opens "Create nested rule chain" for the nodes, unless they cannot become one chain. */
  const startNestedChain = useCallback(
    (keys: ReadonlySet<string>) => {
      const problem = nestedChainProblem(graph, keys);
      if (problem) {
        toasts.show({ message: t(`rule-chain-editor.nested-chain-${problem}`), type: 'error' });
        return;
      }
      setDialog({ kind: 'nestedChain', keys });
    },
    [graph, toasts, t],
  );

  /**
   * Saves the new chain with the moved nodes, then puts a rule chain node in their place here; that
   * edit is unsaved and undoable, while the new chain stays saved (as in the reference).
   */
  const createNestedChain = async (keys: ReadonlySet<string>, name: string, description: string) => {
    try {
      // Once created, a failed metadata save is retried on the same chain rather than a second one.
      const chain =
        nestedChainCreated.current?.keys === keys
          ? nestedChainCreated.current.chain
          : await saveRuleChain(http, {
              name,
              type: 'CORE',
              root: false,
              debugMode: false,
              additionalInfo: { description },
            });
      nestedChainCreated.current = { keys, chain };
      const extracted = extractNestedChain(graph, keys, { ruleChainId: chain.id.id, name: chain.name });
      await saveRuleChainMetaData(http, metadataOfGraph(extracted.nested, chain.id));
      void queryClient.invalidateQueries({ queryKey: ruleChainKeys.all });
      setHistory((h) => pushHistory(h, extracted.outer));
      setFlowNodes((nodes) => nodes.map((n) => ({ ...n, selected: false })));
      setDialog(null);
      nestedChainCreated.current = null;
      toasts.show({
        message: t('rule-chain-editor.nested-chain-created', { name: chain.name }),
        type: 'success',
      });
    } catch {
      // The HTTP client shows the server's message; the dialog stays open to try again.
    }
  };

  const onExport = useCallback(() => {
    downloadJson(
      exportFileName(ruleChain),
      exportedRuleChain(ruleChain, metadataOfGraph(graph, ruleChain.id)),
    );
  }, [ruleChain, graph]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Dialogs are portalled, but their key events still bubble here through React.
    if (!wrapper.current?.contains(event.target as Node) || isTyping(event.target)) return;
    const control = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    // Every shortcut here is listed by the cheat sheet (RULE_CHAIN_EDITOR_SHORTCUTS).
    if (key === '?' && !control) setShowShortcuts((shown) => !shown);
    else if (key === 'delete' || key === 'backspace') deleteSelected();
    else if (control && key === 'c') copySelected();
    else if (control && key === 'v') paste();
    else if (control && key === 'z' && event.shiftKey) redo();
    else if (control && key === 'z') undo();
    else if (control && key === 'y') redo();
    else if (control && key === 's') void onSave();
    else if (control && key === 'r') startNestedChain(selectedNodeKeys());
    else if (control && key === 'a')
      setFlowNodes((nodes) => nodes.map((n) => ({ ...n, selected: n.id !== INPUT_NODE_KEY })));
    else if (key === 'escape') {
      setShowShortcuts(false);
      setFlowNodes((nodes) => nodes.map((n) => ({ ...n, selected: false })));
      setSelectedLinks(new Set());
    } else return;
    event.preventDefault();
  };

  const onNodesChange = useCallback((changes: NodeChange<RuleFlowNode>[]) => {
    // Deletion goes through the graph (and undo), not the canvas.
    setFlowNodes((nodes) =>
      applyNodeChanges(
        changes.filter((c) => c.type !== 'remove'),
        nodes,
      ),
    );
  }, []);

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    setSelectedLinks((current) => {
      const next = new Set(current);
      for (const change of changes) {
        if (change.type !== 'select') continue;
        if (change.selected) next.add(change.id);
        else next.delete(change.id);
      }
      return next;
    });
  }, []);

  const onNodeDragStop = useCallback(
    (_event: unknown, _node: RuleFlowNode, nodes: RuleFlowNode[]) => {
      const positions = new Map(nodes.filter((n) => n.id !== INPUT_NODE_KEY).map((n) => [n.id, n.position]));
      edit((g) => moveNodes(g, positions));
    },
    [edit],
  );

  const openLinkDialog = useCallback(
    async (from: string, to: string, isNew: boolean) => {
      const source = graph.nodes.find((n) => n.key === from);
      if (!source) return;
      const nodeClass = nodeClassOf(source.node.type, byClazz);
      const ruleChainNode =
        nodeClass.definition.ruleChainNode === true || source.node.type === RULE_CHAIN_INPUT_NODE_CLAZZ;
      let options = nodeClass.definition.relationTypes ?? [];
      const target = source.node.configuration?.ruleChainId;
      if (ruleChainNode && typeof target === 'string' && target.length > 0) {
        options = await getRuleChainOutputLabels(http, target).catch(() => []);
      }
      setDialog({
        kind: 'link',
        from,
        to,
        options,
        allowCustom: nodeClass.definition.customRelations === true || ruleChainNode,
        initial: linkBetween(graph, from, to)?.labels ?? [],
        isNew,
      });
    },
    [graph, byClazz, http],
  );

  const labelActions = useMemo(
    (): LinkLabelActions => ({
      select: (edgeId) => setSelectedLinks(new Set([edgeId])),
      edit: (from, to) => {
        if (from !== INPUT_NODE_KEY) void openLinkDialog(from, to, false);
      },
    }),
    [openLinkDialog],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      if (connection.source === connection.target) return;
      if (connection.source === INPUT_NODE_KEY) {
        edit((g) => setLinkLabels(g, INPUT_NODE_KEY, connection.target, []));
        return;
      }
      void openLinkDialog(connection.source, connection.target, true);
    },
    [edit, openLinkDialog],
  );

  const addFromLibrary = useCallback(
    (descriptor: ComponentDescriptor, position: { x: number; y: number }) => {
      setDialog({ kind: 'addNode', node: nodeOfDescriptor(descriptor, ''), position });
    },
    [],
  );

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const descriptor = byClazz.get(event.dataTransfer.getData(LIBRARY_DRAG_TYPE));
    if (!descriptor) return;
    addFromLibrary(descriptor, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const viewportCentre = () => {
    const box = wrapper.current?.getBoundingClientRect();
    return flow.screenToFlowPosition({
      x: (box?.left ?? 0) + (box?.width ?? 0) / 2,
      y: (box?.top ?? 0) + (box?.height ?? 0) / 2,
    });
  };

  const toggleDebug = (key: string) =>
    edit((g) => {
      const found = g.nodes.find((n) => n.key === key);
      return found ? replaceNode(g, key, { ...found.node, debugMode: !found.node.debugMode }) : g;
    });

  const onImportFile = async (file: File) => {
    const imported = parseImportedRuleChain(await file.text());
    if (!imported) {
      toasts.show({ message: t('rule-chain.invalid-rule-chain-file'), type: 'error' });
      return;
    }
    edit(() => graphOfMetadata(imported.metadata, false));
  };

  const closeMenu = () => setMenu(null);
  const menuNode = menu?.kind === 'node' ? graph.nodes.find((n) => n.key === menu.key) : undefined;
  const editingNode = dialog?.kind === 'editNode' ? graph.nodes.find((n) => n.key === dialog.key) : undefined;

  return (
    <Box
      data-testid={selectors.ruleChains.editor}
      sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 128px)', minHeight: 480 }}
    >
      <EditorToolbar
        name={ruleChain.name}
        dirty={dirty}
        saving={saving}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={undo}
        onRedo={redo}
        onDeleteSelected={deleteSelected}
        onResetDebug={graph.nodes.some((n) => n.node.debugMode) ? () => edit(resetDebugMode) : undefined}
        onExport={onExport}
        onImport={() => importInput.current?.click()}
        onRevert={revert}
        onSave={() => void onSave()}
        canRevert={isDirty(history)}
      />
      <input
        ref={importInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid={selectors.ruleChains.editorImportFile}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void onImportFile(file);
        }}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <NodeLibrary descriptors={descriptors} onAdd={(d) => addFromLibrary(d, viewportCentre())} />
        <Box
          ref={wrapper}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
          }}
          onDrop={onDrop}
          data-testid={selectors.ruleChains.canvas}
          sx={{ flex: 1, position: 'relative', outline: 'none' }}
        >
          <LinkLabelActionsContext.Provider value={labelActions}>
            <ReactFlow<RuleFlowNode>
              nodes={flowNodes}
              edges={flowEdges}
              nodeTypes={RULE_FLOW_NODE_TYPES}
              edgeTypes={RULE_FLOW_EDGE_TYPES}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onNodeDragStop={onNodeDragStop}
              onConnect={onConnect}
              isValidConnection={(c) => c.source !== c.target}
              onNodeDoubleClick={(_event, node) => {
                if (node.id !== INPUT_NODE_KEY) setDialog({ kind: 'editNode', key: node.id });
              }}
              onEdgeDoubleClick={(_event, edge) => {
                if (edge.source !== INPUT_NODE_KEY) void openLinkDialog(edge.source, edge.target, false);
              }}
              onNodeContextMenu={(event: MouseEvent, node) => {
                event.preventDefault();
                if (node.id !== INPUT_NODE_KEY)
                  setMenu({ kind: 'node', key: node.id, x: event.clientX, y: event.clientY });
              }}
              onEdgeContextMenu={(event: MouseEvent, edge) => {
                event.preventDefault();
                setMenu({
                  kind: 'link',
                  from: edge.source,
                  to: edge.target,
                  x: event.clientX,
                  y: event.clientY,
                });
              }}
              onPaneContextMenu={(event) => {
                event.preventDefault();
                setMenu({ kind: 'pane', x: event.clientX, y: event.clientY });
              }}
              deleteKeyCode={null}
              selectionKeyCode="Shift"
              multiSelectionKeyCode={['Meta', 'Control']}
              fitView
              minZoom={0.2}
            >
              <Background />
              <Controls showInteractive={false} />
            </ReactFlow>
          </LinkLabelActionsContext.Provider>
          {showShortcuts && (
            <ShortcutCheatSheet
              shortcuts={RULE_CHAIN_EDITOR_SHORTCUTS}
              testIds={selectors.ruleChains.shortcuts}
              onClose={() => {
                setShowShortcuts(false);
                // The close button goes away: the canvas takes the keyboard back, for `?` and the rest.
                wrapper.current?.focus();
              }}
            />
          )}
        </Box>
      </Box>
      <Menu
        open={menu !== null}
        onClose={closeMenu}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
        data-testid={selectors.ruleChains.nodeMenu}
      >
        {menu?.kind === 'node' && [
          <MenuItem
            key="details"
            data-testid={selectors.ruleChains.nodeMenuItem('details')}
            onClick={() => {
              setDialog({ kind: 'editNode', key: menu.key });
              closeMenu();
            }}
          >
            {t('rulenode.details')}
          </MenuItem>,
          <MenuItem
            key="debug"
            data-testid={selectors.ruleChains.nodeMenuItem('debug')}
            onClick={() => {
              toggleDebug(menu.key);
              closeMenu();
            }}
          >
            {menuNode?.node.debugMode ? t('rulenode.debug-mode-off') : t('rulenode.debug-mode-on')}
          </MenuItem>,
          <MenuItem
            key="copy"
            data-testid={selectors.ruleChains.nodeMenuItem('copy')}
            onClick={() => {
              clipboard.current = copyNodes(graph, new Set([menu.key]));
              closeMenu();
            }}
          >
            {t('rulenode.copy')}
          </MenuItem>,
          <MenuItem
            key="nested"
            data-testid={selectors.ruleChains.nodeMenuItem('nested-chain')}
            onClick={() => {
              // The node's selection, or the node alone when it is not selected.
              const selected = selectedNodeKeys();
              startNestedChain(selected.has(menu.key) ? selected : new Set([menu.key]));
              closeMenu();
            }}
          >
            {t('rule-chain-editor.create-nested-chain')}
          </MenuItem>,
          <MenuItem
            key="delete"
            data-testid={selectors.ruleChains.nodeMenuItem('delete')}
            onClick={() => {
              edit((g) => removeElements(g, new Set([menu.key])));
              closeMenu();
            }}
          >
            {t('action.delete')}
          </MenuItem>,
        ]}
        {menu?.kind === 'link' && [
          menu.from !== INPUT_NODE_KEY && (
            <MenuItem
              key="details"
              data-testid={selectors.ruleChains.nodeMenuItem('link-details')}
              onClick={() => {
                void openLinkDialog(menu.from, menu.to, false);
                closeMenu();
              }}
            >
              {t('rulenode.details')}
            </MenuItem>
          ),
          <MenuItem
            key="delete"
            data-testid={selectors.ruleChains.nodeMenuItem('link-delete')}
            onClick={() => {
              edit((g) => removeElements(g, new Set(), [{ from: menu.from, to: menu.to }]));
              closeMenu();
            }}
          >
            {t('action.delete')}
          </MenuItem>,
        ]}
        {menu?.kind === 'pane' && [
          <MenuItem
            key="paste"
            disabled={clipboard.current === null}
            data-testid={selectors.ruleChains.nodeMenuItem('paste')}
            onClick={() => {
              paste();
              closeMenu();
            }}
          >
            {t('rulenode.paste')}
          </MenuItem>,
          <MenuItem
            key="selectAll"
            data-testid={selectors.ruleChains.nodeMenuItem('select-all')}
            onClick={() => {
              setFlowNodes((nodes) => nodes.map((n) => ({ ...n, selected: n.id !== INPUT_NODE_KEY })));
              closeMenu();
            }}
          >
            {t('rulenode.select-all')}
          </MenuItem>,
          <MenuItem
            key="deselectAll"
            data-testid={selectors.ruleChains.nodeMenuItem('deselect-all')}
            onClick={() => {
              setFlowNodes((nodes) => nodes.map((n) => ({ ...n, selected: false })));
              setSelectedLinks(new Set());
              closeMenu();
            }}
          >
            {t('rulenode.deselect-all')}
          </MenuItem>,
          <MenuItem
            key="apply"
            disabled={!dirty || saving}
            data-testid={selectors.ruleChains.nodeMenuItem('apply')}
            onClick={() => {
              void onSave();
              closeMenu();
            }}
          >
            {t('action.apply')}
          </MenuItem>,
          <MenuItem
            key="decline"
            disabled={!isDirty(history)}
            data-testid={selectors.ruleChains.nodeMenuItem('decline')}
            onClick={() => {
              revert();
              closeMenu();
            }}
          >
            {t('action.decline')}
          </MenuItem>,
        ]}
      </Menu>
      {dialog?.kind === 'addNode' && (
        <NodeConfigDialog
          title={t('rulenode.add')}
          node={dialog.node}
          nodeClass={nodeClassOf(dialog.node.type, byClazz)}
          submitLabel={t('action.add')}
          onClose={() => setDialog(null)}
          onSubmit={(node) => {
            edit((g) => addNode(g, node, dialog.position));
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'editNode' && editingNode && (
        <NodeConfigDialog
          title={t('rulenode.details')}
          node={editingNode.node}
          nodeClass={nodeClassOf(editingNode.node.type, byClazz)}
          submitLabel={t('action.save')}
          onClose={() => setDialog(null)}
          onOpenRuleChain={(ruleChainId) => navigate(ruleChainEditorPath(ruleChainId))}
          onSubmit={(node) => {
            edit((g) => replaceNode(g, dialog.key, node));
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'nestedChain' && (
        <NestedChainDialog
          onClose={() => setDialog(null)}
          onSubmit={({ name, description }) => createNestedChain(dialog.keys, name, description)}
        />
      )}
      {dialog?.kind === 'link' && (
        <LinkDialog
          title={dialog.isNew ? t('rulenode.add-link') : t('rulenode.link-details')}
          options={dialog.options}
          allowCustom={dialog.allowCustom}
          initial={dialog.initial}
          submitLabel={dialog.isNew ? t('action.add') : t('action.save')}
          onClose={() => setDialog(null)}
          onSubmit={(labels) => {
            // The dialog starts from the link's labels, if any: what it returns is the whole set.
            edit((g) => setLinkLabels(g, dialog.from, dialog.to, labels));
            setDialog(null);
          }}
        />
      )}
    </Box>
  );
}
