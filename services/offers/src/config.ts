import { commonSettings, defineConfig, schemas, setting, type ConfigOf } from '@wishlist/service-kit';

export const offersConfig = defineConfig('offers', {
  ...commonSettings({ port: 4003, sendsMail: true }),
  listsUrl: setting('LISTS_URL', schemas.urls, 'http://127.0.0.1:4002', {
    description: 'the lists service (products: lookup, claim, release)',
  }),
  authUrl: setting('AUTH_URL', schemas.urls, 'http://127.0.0.1:4001', {
    description: "the auth service (an owner's e-mail address and language)",
  }),
  internalTimeoutMs: setting('INTERNAL_TIMEOUT_MS', schemas.positiveInt, '3000'),
  offeringRatePerClient: setting('OFFERING_RATE_PER_CLIENT', schemas.positiveInt, '10', {
    description: 'POST /api/offerings per client IP and window',
  }),
  offeringRateWindowSeconds: setting('OFFERING_RATE_WINDOW_SECONDS', schemas.positiveInt, '600'),
  confirmationHours: setting('OFFERING_CONFIRMATION_HOURS', schemas.positiveInt, '24', {
    description: "an anonymous giver's offer not confirmed from the verification mail within this many hours expires (its products are released)",
  }),
  confirmationRatePerClient: setting('OFFERING_CONFIRMATION_RATE_PER_CLIENT', schemas.positiveInt, '30', {
    description: 'POST /api/offerings/{id}/confirmation and /verification-mail per client IP and OFFERING_RATE_WINDOW_SECONDS',
  }),
  withdrawalRatePerClient: setting('OFFERING_WITHDRAWAL_RATE_PER_CLIENT', schemas.positiveInt, '10', {
    description: 'POST /api/offerings/{id}/withdrawal per client IP and offering, per OFFERING_RATE_WINDOW_SECONDS',
  }),
  unfinishedAfterSeconds: setting('UNFINISHED_OFFERING_SECONDS', schemas.positiveInt, '60', {
    description: 'an offering still being created after this long was interrupted (crash): it is rolled back',
  }),
  pledgeRatePerClient: setting('PLEDGE_RATE_PER_CLIENT', schemas.positiveInt, '60', {
    description: 'POST /api/pledges per client IP and OFFERING_RATE_WINDOW_SECONDS',
  }),
  pledgeConfirmationHours: setting('PLEDGE_CONFIRMATION_HOURS', schemas.positiveInt, '48', {
    description: "a pledge not confirmed from its mail within this many hours expires (its amount is freed for others)",
  }),
  giftReminderDays: setting('GIFT_REMINDER_DAYS', schemas.positiveInt, '3', {
    description: "a giver whose gift is still on its way is mailed once this many days before the list's eventDate",
  }),
  giftReminderSweepSeconds: setting('GIFT_REMINDER_SWEEP_SECONDS', schemas.positiveInt, '600', {
    description: 'how often each copy looks for gift reminders that are due',
  }),
  giftsMissRatePerClient: setting('GIFTS_MISS_RATE_PER_CLIENT', schemas.positiveInt, '30', {
    description: "wrong \"My gifts\" links (404) per client IP and OFFERING_RATE_WINDOW_SECONDS",
  }),
  sweepIntervalSeconds: setting('OFFERING_SWEEP_SECONDS', schemas.positiveInt, '30', {
    description: 'how often interrupted creations are rolled back and failed product releases retried',
  }),
});

export type OffersConfig = ConfigOf<typeof offersConfig>;
