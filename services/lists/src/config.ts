import { commonSettings, defineConfig, type ConfigOf } from '@wishlist/service-kit';

export const listsConfig = defineConfig('lists', {
  ...commonSettings({ port: 4002 }),
});

export type ListsConfig = ConfigOf<typeof listsConfig>;
