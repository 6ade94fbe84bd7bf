import { Accounts1763769600000 } from './1763769600000-accounts';
import { Releases1763856000000 } from './1763856000000-releases';
import { Notifications1763900000000 } from './1763900000000-notifications';
import { PendingSignups1763950000000 } from './1763950000000-pending-signups';
import { Video1764000000000 } from './1764000000000-video';
import { Content1764000100000 } from './1764000100000-content';
import { ToolsRights1764200000000 } from './1764200000000-tools-rights';
import { Support1764100000000 } from './1764100000000-support';
import { RemoteRegistry1764300000000 } from './1764300000000-remote-registry';
import { Ops1764400000000 } from './1764400000000-ops';
import { PromotionImages1764410000000 } from './1764410000000-promotion-images';
import { CatalogAtScale1764500000000 } from './1764500000000-catalog-at-scale';
import { IdentifierRegistry1764622000000 } from './1764622000000-identifier-registry';
import { TrackDrafts1764617000000 } from './1764617000000-track-drafts';
import { NotificationLinks1764617100000 } from './1764617100000-notification-links';
import { Remotes21764927000000 } from './1764927000000-remotes-2';
import { Distribution1764626000000 } from './1764626000000-distribution';
import { Royalties1765100000000 } from './1765100000000-royalties';
import { VideoIdentifiers1765150000000 } from './1765150000000-video-identifiers';
import { PayoutDesk1765300000000 } from './1765300000000-payout-desk';
import { SupportDesk1765400000000 } from './1765400000000-support-desk';
import { IntlPayouts1765410000000 } from './1765410000000-intl-payouts';
import { SealedSecrets1765530000000 } from './1765530000000-sealed-secrets';
import { RemoteLoadBrowsers1765500000000 } from './1765500000000-remote-load-browsers';
import { PartnerFiles1765520000000 } from './1765520000000-partner-files';
import { StoreLoop1765570000000 } from './1765570000000-store-loop';
import { PublicPages1765575000000 } from './1765575000000-public-pages';
import { ReleaseChanges1765590000000 } from './1765590000000-release-changes';
import { MoneyTrust1765580000000 } from './1765580000000-money-trust';
import { IdentifierForms1765550000000 } from './1765550000000-identifier-forms';

/** Every migration, in order. Each runs on SQLite and MySQL/MariaDB (Table API only, no engine SQL). */
export const MIGRATIONS = [
  Accounts1763769600000,
  Releases1763856000000,
  Notifications1763900000000,
  PendingSignups1763950000000,
  Video1764000000000,
  Content1764000100000,
  Support1764100000000,
  ToolsRights1764200000000,
  RemoteRegistry1764300000000,
  Ops1764400000000,
  PromotionImages1764410000000,
  CatalogAtScale1764500000000,
  TrackDrafts1764617000000,
  NotificationLinks1764617100000,
  IdentifierRegistry1764622000000,
  Distribution1764626000000,
  Remotes21764927000000,
  Royalties1765100000000,
  VideoIdentifiers1765150000000,
  PayoutDesk1765300000000,
  SupportDesk1765400000000,
  IntlPayouts1765410000000,
  SealedSecrets1765530000000,
  RemoteLoadBrowsers1765500000000,
  PartnerFiles1765520000000,
  StoreLoop1765570000000,
  PublicPages1765575000000,
  MoneyTrust1765580000000,
  IdentifierForms1765550000000,
  ReleaseChanges1765590000000,
];
