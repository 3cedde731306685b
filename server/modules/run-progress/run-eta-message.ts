// What the hub carries after each fix of a run in progress ("run.eta"): the estimated arrival at every stop still
// ahead, so the passenger pages (each showing one passenger's stop) and the GTFS-realtime feed read them without
// computing anything themselves. Published, once in the cluster, by the node evaluating the run's vehicle, after the
// run.progress events of the same fix; a run that finished or was cancelled publishes one last message with no stops.

export interface RunEtaMessage {
  version: 1;
  accountId: number;
  routeId: number;
  /** YYYY-MM-DD in the account's time zone */
  date: string;
  /** the imported run of that day, or null: a day the route's weekly schedule implies */
  runId: number | null;
  vehicle: { assetId: number };
  /** the fix time (epoch ms) the estimates start from */
  at: number;
  /** the stops not yet arrived at or skipped, in route order; empty once the run is over */
  stops: RunEtaStop[];
}

export interface RunEtaStop {
  stopId: number;
  sequence: number;
  name: string;
  /** the estimated arrival (epoch ms) */
  etaAt: number;
  /** how far either side of etaAt the arrival may fall, in seconds (grows with the distance left) */
  uncertaintyS: number;
  /** the distance left along the route to this stop, in metres */
  distanceM: number;
}
