// The core of a live-stream client, free of any socket: it applies the stream's location messages to a book of
// the newest position per asset.
//   - The first location message after every (re)connect is an array; every later one is a single object. Both
//     go through apply().
//   - A frame is new only when its wsSeq is higher than the newest known for its asset: duplicates (same assetId and
//     wsSeq, e.g. a first message after a reconnect repeating what was already seen) and older frames are skipped.
//     wsSeq, not dateUpdated, orders frames.

/** the fields every location payload has, standard or detailed */
export interface LocationFrame {
  assetId: number;
  wsSeq: number;
  latitude: number;
  longitude: number;
  speed: number;
  dateUpdated: number;
  [field: string]: unknown;
}

export class PositionBook {
  private readonly newest = new Map<number, LocationFrame>();

  /** applies one location message (array or object); returns the frames that were new, in order */
  apply(message: unknown): LocationFrame[] {
    const frames = Array.isArray(message) ? message : [message];
    const fresh: LocationFrame[] = [];
    for (const frame of frames) {
      if (!isLocationFrame(frame)) continue;
      const known = this.newest.get(frame.assetId);
      if (known && frame.wsSeq <= known.wsSeq) continue; // duplicate or out of order
      this.newest.set(frame.assetId, frame);
      fresh.push(frame);
    }
    return fresh;
  }

  get(assetId: number): LocationFrame | undefined {
    return this.newest.get(assetId);
  }

  get size(): number {
    return this.newest.size;
  }
}

function isLocationFrame(value: unknown): value is LocationFrame {
  const frame = value as Partial<LocationFrame> | null;
  return typeof frame === "object" && frame !== null && typeof frame.assetId === "number" && typeof frame.wsSeq === "number";
}
