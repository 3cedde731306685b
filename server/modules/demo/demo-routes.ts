// Loops through central Vilnius (home of the Teltonika devices we speak first) that the simulated vehicles drive; the
// demo seed places its depot, school and stops on them, so they live with the demo.
// Hand-traced along real streets at a coarse resolution: [latitude, longitude] waypoints; each loop closes on itself.

export type Waypoint = readonly [number, number];

export const DEMO_ROUTES: readonly (readonly Waypoint[])[] = [
  // Gedimino prospektas - Vilniaus g. - Pylimo g. - Cathedral square
  [
    [54.68565, 25.28795],
    [54.68695, 25.28295],
    [54.68795, 25.27775],
    [54.68905, 25.27125],
    [54.69005, 25.26575],
    [54.69065, 25.26245],
    [54.68845, 25.26125],
    [54.68535, 25.26485],
    [54.68255, 25.27245],
    [54.68135, 25.27885],
    [54.68205, 25.28485],
    [54.68405, 25.28915],
  ],
  // Konstitucijos prospektas - Geležinio Vilko g. - Upės g. along the river
  [
    [54.69655, 25.27945],
    [54.69635, 25.27205],
    [54.69605, 25.26405],
    [54.69545, 25.25555],
    [54.69215, 25.25335],
    [54.68865, 25.25285],
    [54.68655, 25.25545],
    [54.68925, 25.26085],
    [54.69185, 25.26685],
    [54.69395, 25.27355],
    [54.69565, 25.28085],
  ],
  // Žirmūnų g. north and back along Kalvarijų g.
  [
    [54.69725, 25.29385],
    [54.70345, 25.29725],
    [54.70985, 25.30085],
    [54.71585, 25.30325],
    [54.72035, 25.29875],
    [54.71725, 25.29035],
    [54.71115, 25.28635],
    [54.70455, 25.28395],
    [54.69905, 25.28305],
  ],
  // Old Town: Pilies g. - Didžioji g. - Aušros Vartų g. - Maironio g.
  [
    [54.68535, 25.29015],
    [54.68285, 25.28935],
    [54.68005, 25.28825],
    [54.67755, 25.28955],
    [54.67555, 25.29035],
    [54.67665, 25.29555],
    [54.67955, 25.29615],
    [54.68255, 25.29465],
    [54.68485, 25.29315],
  ],
];
