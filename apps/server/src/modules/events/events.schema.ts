import { z } from 'zod';

export const EVENT_NAMESPACES = ['auth', 'consumptions', 'members'] as const;
export type EventNamespace = (typeof EVENT_NAMESPACES)[number];

/**
 * Every action the server raises itself, by namespace (`recordServerEvent` takes no other). A caller
 * may not post the `auth` namespace at all, nor any of these actions in any namespace, except those in
 * CLIENT_REPORTED_ACTIONS (issue 12, item 9; decision 014).
 */
export const SERVER_EVENT_ACTIONS = {
  auth: ['login', 'logout'],
  members: ['email_changed', 'password_changed', 'language_changed', 'profile_updated'],
  consumptions: ['play_start'],
} as const satisfies Record<EventNamespace, readonly string[]>;

export type ServerEventAction<N extends EventNamespace> = (typeof SERVER_EVENT_ACTIONS)[N][number];

/** Namespaces only the server writes. */
export const SERVER_ONLY_NAMESPACES: readonly EventNamespace[] = ['auth'];

/**
 * Server actions the web app reports as well: a visitor's language change on the sign-in page is known
 * only to the browser (apps/web/src/features/auth/components/login-page.tsx), and the member menu
 * reports its own. Stored with source `client`, they never pass for the server's.
 */
export const CLIENT_REPORTED_ACTIONS: readonly string[] = ['language_changed'];

const shortText = z.string().max(512);

/**
 * The event body of spec section 7. The browser's values for the IP, the brand, the member and the
 * environment are ignored: the server fills those from what it knows (see events.service.ts).
 */
export const EventBodySchema = z.strictObject({
  namespace: z.enum(EVENT_NAMESPACES),
  env: shortText.optional(),
  jwt: z.string().max(8_192).optional().nullable(),
  brand_domain_name: shortText.optional(),
  brand_country_code: shortText.optional().nullable(),
  req_ip: shortText.optional().nullable(),
  req_country_code: shortText.optional().nullable(),
  tags: z.array(shortText).max(200).optional(),
  language: z.string().max(35).optional().nullable(),
  user_agent: shortText.optional().nullable(),
  browser_language: z.string().max(35).optional().nullable(),
  is_test: z.boolean().optional(),
  layout: z.string().max(64).optional().nullable(),
  vendor_id: z
    .union([z.string().max(128), z.number()])
    .optional()
    .nullable(),
  subscription_provider: z.string().max(64).optional().nullable(),
  extras: z
    .record(z.string().max(64), z.union([z.string().max(1_024), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 50, 'at most 50 extras')
    .optional(),
});

export type EventBody = z.infer<typeof EventBodySchema>;
