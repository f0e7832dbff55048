/**
 * Calls `fn` at most once per `intervalMs`: the first call runs at once, calls during the wait
 * fold into one trailing call at its end. `cancel` drops a pending trailing call.
 */
export function throttle(fn: () => void, intervalMs: number): { call: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  return {
    call() {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
