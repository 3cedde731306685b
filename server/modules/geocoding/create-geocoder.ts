// The geocoder GEOCODER asks for: `offline` (default), or `nominatim:<url>` / `photon:<url>` with the offline
// geocoder answering until (and wherever) the remote one has not.
import type { Geocoder } from "./geocoder";
import { OfflineGeocoder } from "./offline-geocoder";
import { RemoteGeocoder, type RemoteKind } from "./remote-geocoder";

export function createGeocoder(setting: string): Geocoder {
  const offline = new OfflineGeocoder();
  void offline.load();
  const match = /^(nominatim|photon):(.+)$/.exec(setting);
  if (!match) return offline;
  return new RemoteGeocoder(match[1] as RemoteKind, match[2]!, offline);
}
