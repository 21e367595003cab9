/** Counts the event loop's turns (a `setImmediate` each) from now until `stop()`, which returns the count. */
export function countLoopTurns(): { stop(): number } {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return {
    stop() {
      counting = false;
      return turns;
    },
  };
}
