/**
 * The tile providers of the reference's OpenStreetMap widgets (`mapProvider`), by the names its
 * settings save. Their hosts are allowed in the console's img-src (decision 0026); a custom tile
 * URL (`useCustomProvider`, `customProviderTileUrl`) needs its origin in MAP_TILE_ORIGINS.
 */

export interface TileProvider {
  url: string;
  attribution: string;
  subdomains?: string;
  maxZoom: number;
}

const OSM = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const CARTO = `${OSM} &copy; <a href="https://carto.com/attributions">CARTO</a>`;

export const TILE_PROVIDERS: Readonly<Record<string, TileProvider>> = {
  'OpenStreetMap.Mapnik': {
    url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: OSM,
    subdomains: 'abc',
    maxZoom: 19,
  },
  'OpenStreetMap.HOT': {
    url: 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
    attribution: `${OSM}, Tiles style by Humanitarian OpenStreetMap Team`,
    subdomains: 'abc',
    maxZoom: 19,
  },
  'Esri.WorldStreetMap': {
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Street_Map/MapServer/tile/{z}/{y}/{x}',
    attribution: 'Tiles &copy; Esri',
    maxZoom: 19,
  },
  'Esri.WorldTopoMap': {
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Topo_Map/MapServer/tile/{z}/{y}/{x}',
    attribution: 'Tiles &copy; Esri',
    maxZoom: 19,
  },
  'CartoDB.Positron': {
    url: 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png',
    attribution: CARTO,
    subdomains: 'abcd',
    maxZoom: 20,
  },
  'CartoDB.DarkMatter': {
    url: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png',
    attribution: CARTO,
    subdomains: 'abcd',
    maxZoom: 20,
  },
};

export const DEFAULT_TILE_PROVIDER = 'OpenStreetMap.Mapnik';

/** The tiles a map shows: the custom URL when one is set, else the named provider (default Mapnik). */
export function tileProviderOf(mapProvider: string, customTileUrl: string | undefined): TileProvider {
  if (customTileUrl) return { url: customTileUrl, attribution: '', subdomains: 'abc', maxZoom: 19 };
  return TILE_PROVIDERS[mapProvider] ?? (TILE_PROVIDERS[DEFAULT_TILE_PROVIDER] as TileProvider);
}
