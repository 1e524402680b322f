// Loaded with `node --import` into each server bench/content/pixels.mjs starts: the process's
// clock stands still at PIXELS_NOW (an ISO instant), so two servers started seconds apart seed
// their demo openings at the same instant and tell the same ages and dates on every request
// (the server takes its clock from `Date`; it has no setting for it outside its tests). Timers
// are untouched: they do not read `Date`.
const fixed = Date.parse(process.env.PIXELS_NOW ?? '');
if (Number.isNaN(fixed)) throw new Error('fixed-clock.mjs: PIXELS_NOW must be an ISO instant');

const RealDate = globalThis.Date;
RealDate.now = () => fixed;
// A proxy rather than a subclass: `instanceof Date` still holds for the dates Node itself makes.
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length === 0 ? [fixed] : args, newTarget),
  apply: () => new RealDate(fixed).toString(),
});
