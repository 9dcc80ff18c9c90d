/** Runs `then` after `ticks` microtasks: for tests of what happens at each step of a promise chain. */
export function afterMicrotasks(ticks: number, then: () => void): void {
  let chain = Promise.resolve();
  for (let i = 0; i < ticks; i++) chain = chain.then(() => {});
  void chain.then(then);
}
