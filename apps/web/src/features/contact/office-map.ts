/** OpenStreetMap embed and full-map links for an office's coordinates. */
export function osmEmbedUrl({ lat, lon }: { lat: number; lon: number }): string {
  // A box about a kilometre across, centred on the office, with a marker on it.
  const dLon = 0.012;
  const dLat = 0.007;
  const bbox = [lon - dLon, lat - dLat, lon + dLon, lat + dLat].map((n) => n.toFixed(4)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat},${lon}`;
}

export function osmPageUrl({ lat, lon }: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
