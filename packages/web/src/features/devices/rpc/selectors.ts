/** data-testid values of the RPC dialog, shared with `/e2e`. */
export const rpcSelectors = {
  open: 'device-rpc-open',
  dialog: 'rpc-dialog',
  method: 'rpc-method',
  params: 'rpc-params',
  twoWay: 'rpc-two-way',
  timeout: 'rpc-timeout',
  persistent: 'rpc-persistent',
  send: 'rpc-send',
  close: 'rpc-close',
  sending: 'rpc-sending',
  reply: 'rpc-reply',
  error: 'rpc-error',
  rpcId: 'rpc-id',
  persistentList: 'rpc-persistent-list',
  persistentRow: 'rpc-persistent-row',
  persistentRefresh: 'rpc-persistent-refresh',
} as const;
