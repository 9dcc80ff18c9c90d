import AccountCircle from '@mui/icons-material/AccountCircle';
import Assessment from '@mui/icons-material/Assessment';
import Dashboard from '@mui/icons-material/Dashboard';
import DevicesOther from '@mui/icons-material/DevicesOther';
import Domain from '@mui/icons-material/Domain';
import Folder from '@mui/icons-material/Folder';
import Home from '@mui/icons-material/Home';
import InsertChart from '@mui/icons-material/InsertChart';
import Mail from '@mui/icons-material/Mail';
import Memory from '@mui/icons-material/Memory';
import Router from '@mui/icons-material/Router';
import Security from '@mui/icons-material/Security';
import Settings from '@mui/icons-material/Settings';
import SettingsApplications from '@mui/icons-material/SettingsApplications';
import SettingsEthernet from '@mui/icons-material/SettingsEthernet';
import SettingsInputAntenna from '@mui/icons-material/SettingsInputAntenna';
import Sms from '@mui/icons-material/Sms';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import TrackChanges from '@mui/icons-material/TrackChanges';
import Tune from '@mui/icons-material/Tune';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import VpnKey from '@mui/icons-material/VpnKey';
import Widgets from '@mui/icons-material/Widgets';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { MenuIconName } from '../menu/menu';

const ICONS: Record<MenuIconName, ComponentType<SvgIconProps>> = {
  home: Home,
  tenants: SupervisorAccount,
  tenantProfiles: Assessment,
  widgets: Widgets,
  settings: Settings,
  settingsApplications: SettingsApplications,
  mail: Mail,
  sms: Sms,
  security: Security,
  oauth2: VpnKey,
  folder: Folder,
  ruleChains: SettingsEthernet,
  customers: SupervisorAccount,
  assets: Domain,
  devices: DevicesOther,
  deviceProfiles: Tune,
  otaUpdates: Memory,
  entityViews: ViewQuilt,
  edgeInstances: Router,
  edgeManagement: SettingsInputAntenna,
  dashboards: Dashboard,
  auditLogs: TrackChanges,
  usage: InsertChart,
  profile: AccountCircle,
};

export interface MenuIconProps extends SvgIconProps {
  name: MenuIconName;
}

/** The Material icon for a menu or breadcrumb icon name. */
export function MenuIcon({ name, ...props }: MenuIconProps) {
  const Icon = ICONS[name];
  return <Icon {...props} />;
}
