import { z } from 'zod';

export const EVENT_NAMESPACES = ['auth', 'consumptions', 'members'] as const;

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
