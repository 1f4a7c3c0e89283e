/**
 * zod/mini says "Invalid input" of every issue until it is given a locale
 * (zod's classic API loads English by itself): the messages agents, people and
 * peers read are English. Each module that makes schemas imports this one.
 * English only when no locale is set yet, as the classic API does: zod keeps
 * one config per page, which other extensions' zod reads too.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

if (!z.config().localeError) {
  z.config(en());
}
