// The tasks of 50 ms and more while something runs, from Chromium's long-task entries (the
// Long Tasks API: other engines have none, and give an empty list).

/** Long tasks recorded since `longTasks()`; `stop()` ends the recording and gives their durations (ms). */
export interface LongTasks {
  stop(): number[];
}

export function longTasks(): LongTasks {
  const durations: number[] = [];
  const supported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('longtask');
  const observer = supported ? new PerformanceObserver(list => durations.push(...list.getEntries().map(entry => entry.duration))) : undefined;
  observer?.observe({type: 'longtask'});
  return {
    stop() {
      if (observer) {
        durations.push(...observer.takeRecords().map(entry => entry.duration));
        observer.disconnect();
      }
      return durations;
    },
  };
}
