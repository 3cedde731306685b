// The platform's own colour for public tracking: the link info's primary_color (and the passenger page's) when
// neither the link nor its account chose one. The spec types primary_color as a hex colour string, never null.
// Plain data, imported by the passenger page's client code as well.
export const PLATFORM_PRIMARY_COLOR = "#1e3a8a";
