import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { AliasEntity } from '../../dashboard/runtime/alias-resolution';
import { type LatLng, type MapView, sanitizeTooltip, TOOLTIP_ACTION_ATTRIBUTE } from './map-model';
import type { MapSettings } from './map-settings';
import { mapSelectors } from './selectors';
import { tileProviderOf } from './tile-providers';

/**
 * A Leaflet map drawn from plain data: markers, polylines and points, framed by a view. Markers are
 * inline SVG (or the saved `markerImage`), never downloaded icons, so they show when the tile
 * server cannot be reached. Labels and tooltips are pattern HTML, sanitized before they are shown.
 */

export interface MapMarker {
  id: string;
  entity: AliasEntity;
  position: LatLng;
  color: string;
  /** Filled label pattern (HTML), shown above the marker; undefined for none. */
  label?: string;
  labelColor?: string;
  /** Filled tooltip pattern (HTML); undefined for none. */
  tooltip?: string;
  draggable?: boolean;
  rotationAngle?: number;
}

export interface MapPolyline {
  id: string;
  points: LatLng[];
  color: string;
  weight: number;
  opacity: number;
}

export interface MapDot {
  id: string;
  position: LatLng;
  color: string;
  size: number;
}

/**
 * The hook for widget actions (reference: marker click and tooltip `<link-act name='…'>` actions):
 * the map reports them; the dashboard decides what they do.
 */
export interface MapActionEvent {
  source: 'markerClick' | 'tooltipAction';
  /** The tooltip link's action name. */
  name?: string;
  entity: AliasEntity;
}
export type MapActionHandler = (event: MapActionEvent) => void;

export interface LeafletMapProps {
  settings: MapSettings;
  markers: readonly MapMarker[];
  polylines?: readonly MapPolyline[];
  dots?: readonly MapDot[];
  view: MapView;
  /**
   * The view is applied when this changes, until the user pans or zooms the map: then the map
   * stays where the user put it.
   */
  frameKey: string;
  onMapClick?: (position: LatLng) => void;
  onMarkerDragEnd?: (marker: MapMarker, position: LatLng) => void;
  onAction?: MapActionHandler;
  /** A crosshair cursor while the user is placing something. */
  placing?: boolean;
}

const PIN_WIDTH = 26;
const PIN_HEIGHT = 40;

/** A colour for an SVG attribute: only characters colours are written with. */
const safeColor = (color: string) => (/^[#\w\s(),.%-]+$/.test(color) ? color : '#FE7569');
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function markerIcon(marker: MapMarker, settings: MapSettings): L.DivIcon {
  const rotate = marker.rotationAngle ? ` style="transform: rotate(${marker.rotationAngle}deg)"` : '';
  if (settings.markerImage) {
    const size = settings.markerImageSize;
    return L.divIcon({
      className: 'meridian-map-marker',
      html: `<img data-testid="${mapSelectors.marker}" src="${escapeAttribute(settings.markerImage)}" width="${size}" height="${size}" alt=""${rotate}>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size],
    });
  }
  const color = safeColor(marker.color);
  const svg = `<svg data-testid="${mapSelectors.marker}" xmlns="http://www.w3.org/2000/svg" width="${PIN_WIDTH}" height="${PIN_HEIGHT}" viewBox="0 0 26 40"${rotate}><path d="M13 1C6.4 1 1 6.3 1 12.9 1 22 13 39 13 39s12-17 12-26.1C25 6.3 19.6 1 13 1z" fill="${color}" stroke="rgba(0,0,0,0.45)" stroke-width="1.5"/><circle cx="13" cy="13" r="4.5" fill="#fff" fill-opacity="0.85"/></svg>`;
  return L.divIcon({
    className: 'meridian-map-marker',
    html: svg,
    iconSize: [PIN_WIDTH, PIN_HEIGHT],
    iconAnchor: [PIN_WIDTH / 2, PIN_HEIGHT],
    // Above the label when there is one.
    popupAnchor: [0, settings.showLabel ? -PIN_HEIGHT - 20 : -PIN_HEIGHT - 2],
  });
}

const iconKey = (marker: MapMarker, settings: MapSettings) =>
  `${marker.color}|${marker.rotationAngle ?? 0}|${settings.markerImage ?? ''}|${settings.markerImageSize}|${settings.showLabel}`;

interface PlacedMarker {
  layer: L.Marker;
  iconKey: string;
  label?: string;
  tooltip?: string;
  data: MapMarker;
}

function applyView(map: L.Map, view: MapView) {
  if (view.kind === 'center') {
    map.setView(view.center, view.zoom, { animate: false });
    return;
  }
  const [sw, ne] = view.bounds;
  if (sw[0] === ne[0] && sw[1] === ne[1]) {
    map.setView(sw, view.maxZoom, { animate: false });
    return;
  }
  map.fitBounds(view.bounds, { padding: [30, 30], maxZoom: view.maxZoom, animate: false });
}

export function LeafletMap(props: LeafletMapProps) {
  const { settings, markers, polylines, dots, view, frameKey, placing } = props;
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerLayer = useRef<L.LayerGroup | null>(null);
  const lineLayer = useRef<L.LayerGroup | null>(null);
  const placed = useRef(new Map<string, PlacedMarker>());
  const framing = useRef(false);
  const userMoved = useRef(false);
  // Handlers change every render; the map's listeners read the latest ones.
  // The saved label colour, else the theme's text colour.
  const labelColor = settings.labelColor ?? theme.palette.text.primary;
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { attributionControl: true });
    mapRef.current = map;
    lineLayer.current = L.layerGroup().addTo(map);
    markerLayer.current = L.layerGroup().addTo(map);
    map.on('movestart', () => {
      if (!framing.current) userMoved.current = true;
    });
    map.on('click', (event: L.LeafletMouseEvent) =>
      handlers.current.onMapClick?.([event.latlng.lat, event.latlng.lng]),
    );
    map.on('popupopen', (event: L.PopupEvent) => {
      const element = event.popup.getElement();
      const owner = [...placed.current.values()].find((p) => p.layer.getPopup() === event.popup);
      element?.addEventListener('click', (click) => {
        const link = (click.target as Element | null)?.closest?.(`[${TOOLTIP_ACTION_ATTRIBUTE}]`);
        if (!link || !owner) return;
        click.preventDefault();
        handlers.current.onAction?.({
          source: 'tooltipAction',
          name: link.getAttribute(TOOLTIP_ACTION_ATTRIBUTE) ?? '',
          entity: owner.data.entity,
        });
      });
    });
    const resize =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(container);
    const current = placed.current;
    return () => {
      resize?.disconnect();
      map.remove();
      mapRef.current = null;
      current.clear();
    };
  }, []);

  useEffect(() => {
    const wheel = mapRef.current?.scrollWheelZoom;
    if (settings.disableScrollZooming) wheel?.disable();
    else wheel?.enable();
  }, [settings.disableScrollZooming]);

  // Tiles: a failing tile server leaves the background, the markers are drawn all the same.
  const provider = tileProviderOf(settings.mapProvider, settings.customTileUrl);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layer = L.tileLayer(provider.url, {
      attribution: provider.attribution,
      maxZoom: provider.maxZoom,
      ...(provider.subdomains ? { subdomains: provider.subdomains } : {}),
    }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [provider.url, provider.attribution, provider.maxZoom, provider.subdomains]);

  useEffect(() => {
    const group = markerLayer.current;
    if (!group) return;
    const seen = new Set<string>();
    for (const marker of markers) {
      seen.add(marker.id);
      const key = iconKey(marker, settings);
      let entry = placed.current.get(marker.id);
      if (!entry) {
        const layer = L.marker(marker.position, {
          icon: markerIcon(marker, settings),
          draggable: marker.draggable === true,
          autoPan: false,
        });
        const created: PlacedMarker = { layer, iconKey: key, data: marker };
        layer.on('click', () =>
          handlers.current.onAction?.({ source: 'markerClick', entity: created.data.entity }),
        );
        layer.on('dragend', () => {
          const { lat, lng } = layer.getLatLng();
          handlers.current.onMarkerDragEnd?.(created.data, [lat, lng]);
        });
        layer.on('mouseover', () => {
          if (handlers.current.settings.showTooltipAction === 'hover') layer.openPopup();
        });
        layer.addTo(group);
        entry = created;
        placed.current.set(marker.id, entry);
      } else {
        const at = entry.layer.getLatLng();
        if (at.lat !== marker.position[0] || at.lng !== marker.position[1])
          entry.layer.setLatLng(marker.position);
        if (entry.iconKey !== key) {
          entry.layer.setIcon(markerIcon(marker, settings));
          entry.iconKey = key;
        }
        if (marker.draggable) entry.layer.dragging?.enable();
        else entry.layer.dragging?.disable();
      }
      entry.data = marker;
      const label =
        marker.label === undefined
          ? undefined
          : `<div style="color: ${safeColor(marker.labelColor ?? labelColor)}"><b>${sanitizeTooltip(marker.label)}</b></div>`;
      if (entry.label !== label) {
        entry.layer.unbindTooltip();
        if (label !== undefined) {
          entry.layer.bindTooltip(label, {
            permanent: true,
            direction: 'top',
            className: 'meridian-map-label',
            offset: [0, -PIN_HEIGHT],
          });
        }
        entry.label = label;
      }
      if (entry.tooltip !== marker.tooltip) {
        const html = marker.tooltip === undefined ? undefined : sanitizeTooltip(marker.tooltip);
        const popup = entry.layer.getPopup();
        if (html === undefined) entry.layer.unbindPopup();
        else if (popup) popup.setContent(html);
        else
          entry.layer.bindPopup(html, {
            autoClose: settings.autocloseTooltip,
            closeOnClick: false,
          });
        entry.tooltip = marker.tooltip;
      }
    }
    for (const [id, entry] of placed.current) {
      if (!seen.has(id)) {
        entry.layer.remove();
        placed.current.delete(id);
      }
    }
  }, [markers, settings, labelColor]);

  useEffect(() => {
    const group = lineLayer.current;
    if (!group) return;
    group.clearLayers();
    for (const line of polylines ?? []) {
      if (line.points.length < 2) continue;
      L.polyline(line.points, {
        color: safeColor(line.color),
        weight: line.weight,
        opacity: line.opacity,
        className: mapSelectors.route,
      }).addTo(group);
    }
    for (const dot of dots ?? []) {
      L.circleMarker(dot.position, {
        radius: dot.size / 2,
        color: safeColor(dot.color),
        fillOpacity: 1,
        weight: 0,
      }).addTo(group);
    }
  }, [polylines, dots]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the frame key says when to frame again
  useEffect(() => {
    const map = mapRef.current;
    if (!map || userMoved.current) return;
    framing.current = true;
    try {
      applyView(map, view);
    } finally {
      framing.current = false;
    }
  }, [frameKey]);

  const paper = theme.palette.background.paper;
  // Leaflet owns the inner element's classes; React styles only the outer one, so a re-render
  // never takes Leaflet's classes away.
  return (
    <Box
      data-testid={mapSelectors.map}
      sx={{
        width: '100%',
        height: '100%',
        minHeight: 120,
        '& .leaflet-container': {
          background: theme.palette.action.hover,
          fontFamily: theme.typography.fontFamily,
          cursor: placing ? 'crosshair' : undefined,
        },
        '& .meridian-map-marker': { background: 'none', border: 'none' },
        '& .meridian-map-label': {
          background: 'transparent',
          border: 'none',
          boxShadow: 'none',
          padding: 0,
          whiteSpace: 'nowrap',
          '&::before': { display: 'none' },
        },
        '& .leaflet-popup-content-wrapper, & .leaflet-popup-tip': {
          background: paper,
          color: theme.palette.text.primary,
        },
        '& .leaflet-popup-content a': { color: theme.palette.primary.main },
        '& .leaflet-container .leaflet-control-attribution': {
          background: alpha(paper, 0.8),
          color: theme.palette.text.secondary,
        },
        '& .leaflet-container .leaflet-bar a': {
          background: paper,
          color: theme.palette.text.primary,
          borderBottomColor: theme.palette.divider,
        },
      }}
    >
      <div ref={containerRef} style={{ width: '100%', height: '100%' }} />
    </Box>
  );
}
