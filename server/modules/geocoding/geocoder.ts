// What the ingest pipeline needs from a geocoder: an address for a fix, fast. Implementations answer from memory or
// cache and never make ingest wait on the network.
export interface Address {
  street: string | null;
  town: string | null;
  country: string | null;
}

export interface Geocoder {
  lookup(latitude: number, longitude: number): Promise<Address | null>;
  close?(): void;
}
