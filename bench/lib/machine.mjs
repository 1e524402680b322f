// What the machine was doing while a bench ran: figures to print beside its results, since a
// busy machine slows every side of a comparison alike but not every run the same.
import os from 'node:os';

/** The 1, 5 and 15 minute load averages, as "0.42 0.37 0.30". */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
