// How a route is named to passengers and in links: its name when the import gave one, else its number.
export function routeDisplayName(route: { routeNumber: string; name: string | null }): string {
  return route.name ?? `Route ${route.routeNumber}`;
}
