import type { JsonObject } from '@meridian/common';

/**
 * Default settings of the reference's radial canvas gauge types (their descriptors' default
 * config), laid under a widget's saved settings. Plate, tick and number colours are left to the
 * console theme.
 */
export const RADIAL_GAUGE_DEFAULTS: Readonly<Record<string, JsonObject>> = {
  radial_gauge_canvas_gauges: {},
  temperature_radial_gauge_canvas_gauges: {
    startAngle: 67.5,
    ticksAngle: 225,
    minValue: -60,
    maxValue: 60,
    majorTicksCount: 12,
    minorTicks: 12,
    showUnitTitle: true,
    unitTitle: 'Temperature',
    valueBox: true,
    highlightsWidth: 15,
    highlights: [
      { from: -60, to: -50, color: '#42a5f5' },
      { from: -50, to: -40, color: 'rgba(66, 165, 245, 0.83)' },
      { from: -40, to: -30, color: 'rgba(66, 165, 245, 0.66)' },
      { from: -30, to: -20, color: 'rgba(66, 165, 245, 0.5)' },
      { from: -20, to: -10, color: 'rgba(66, 165, 245, 0.33)' },
      { from: -10, to: 0, color: 'rgba(66, 165, 245, 0.16)' },
      { from: 0, to: 10, color: 'rgba(229, 115, 115, 0.16)' },
      { from: 10, to: 20, color: 'rgba(229, 115, 115, 0.33)' },
      { from: 20, to: 30, color: 'rgba(229, 115, 115, 0.5)' },
      { from: 30, to: 40, color: 'rgba(229, 115, 115, 0.66)' },
      { from: 40, to: 50, color: 'rgba(229, 115, 115, 0.83)' },
      { from: 50, to: 60, color: '#e57373' },
    ],
    animationDuration: 1000,
  },
  speed_gauge_canvas_gauges: {
    minValue: 0,
    maxValue: 180,
    startAngle: 45,
    ticksAngle: 270,
    majorTicksCount: 9,
    minorTicks: 2,
    highlightsWidth: 15,
    highlights: [
      { from: 80, to: 120, color: '#fdd835' },
      { from: 120, to: 180, color: '#e57373' },
    ],
    showUnitTitle: false,
    valueBox: true,
    valueDec: 0,
    units: 'MPH',
    animationDuration: 1500,
  },
};
