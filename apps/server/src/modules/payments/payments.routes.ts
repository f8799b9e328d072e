import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentOutcome, PaymentReceipt } from '@member/domain';
import { z } from 'zod';

import type { AppConfig } from '../../config';
import { badInput, notFound, unauthenticated } from '../../errors';
import { addRequestContextHook } from '../../http/request-context';
import type { Services } from '../../services';
import { setMemberCookie } from '../auth/auth.cookies';
import { type HostedPageValues, NO_VALUES, renderHostedPage } from './hosted-page';
import type { PayResult } from './payments.service';
import type { CheckoutRow } from '../../db/tables/checkouts';
import { returnUrl } from './return-url';

export { returnUrl } from './return-url';

const MAX_FORM_BYTES = 4 * 1024;

const PaymentMethodBody = z.object({ paymentMethodId: z.string().min(1).max(120) });
const ConfirmSetupBody = z.object({
  clientSecret: z.string().min(1).max(200),
  number: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(6),
});
const PayForm = z.object({
  cardnumber: z.string().max(30).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(6).default(''),
  name: z.string().max(80).default(''),
});

function requireMember(request: FastifyRequest) {
  const { auth } = request.ctx;
  if (auth.kind !== 'member') throw unauthenticated('Please sign in');
  return auth;
}

/**
 * The receipt of a member's own checkout, from what the server knows: `paid` once its payment is
 * verified (asking the provider when it is still processing), `failed` once it expired unpaid, else
 * `pending`. The payment return shows this, never its `state`'s is_success.
 */
export async function checkoutReceipt(
  payments: Services['payments'],
  brandId: number,
  memberId: number,
  checkoutId: string,
): Promise<PaymentReceipt> {
  const checkout = await payments.getCheckout(brandId, checkoutId);
  if (checkout.member_id !== memberId)
    throw notFound('This payment page does not exist.', 'checkout_not_found');
  let outcome: PaymentOutcome = 'pending';
  if (checkout.status === 'succeeded') outcome = 'paid';
  else if (checkout.payment_intent_id && (await payments.verifyCheckoutPayment(checkout.payment_intent_id)))
    outcome = 'paid';
  else if (checkout.status === 'expired' || (checkout.status === 'open' && payments.isExpired(checkout)))
    outcome = 'failed';
  return {
    checkoutId: checkout.id,
    purpose: checkout.purpose,
    outcome,
    amountMinor: checkout.amount_minor,
    currency: checkout.currency,
    description: checkout.description,
  };
}

/** Production taking test payments: the sandbox or a Stripe test key, allowed only by an explicit flag. */
export const testPaymentsInProduction = (config: Pick<AppConfig, 'isProduction' | 'payments'>) =>
  config.isProduction && config.payments.testMode;

/** `/paymentflow`: the Stripe-shaped REST calls, the sandbox's hosted page, and the webhook. */
export async function registerPaymentFlow(app: FastifyInstance, services: Services, config: AppConfig) {
  const { payments } = services;
  if (testPaymentsInProduction(config)) {
    // Allowed on purpose (ALLOW_SANDBOX_PAYMENTS_IN_PROD), so said at every start: test cards buy real access.
    app.log.warn(
      { paymentProvider: config.payments.provider },
      'TEST PAYMENTS IN PRODUCTION: the payment provider takes test cards (ALLOW_SANDBOX_PAYMENTS_IN_PROD=true)',
    );
  }

  // The webhook has no brand host (a provider posts to one URL): it is outside the brand scope, reads
  // its body as raw text (the signature covers the exact bytes) and is deduplicated by event id.
  await app.register((hooks) => {
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => {
        done(null, body);
      },
    );
    hooks.post('/stripe/webhook', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const result = await payments.handleWebhook(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.send({ received: true, duplicate: result.duplicate });
    });
    return Promise.resolve();
  });

  await app.register(async (api) => {
    addRequestContextHook(api, services, config);
    const rateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

    api.post('/stripe/customer/create', { config: rateLimit }, async (request) => {
      const member = requireMember(request);
      const customerId = await payments.ensureCustomer(request.ctx.brand.config.id, member.claims);
      return { customerId };
    });

    api.post('/stripe/setup-intent/create', { config: rateLimit }, async (request) => {
      const member = requireMember(request);
      const intent = await payments.createSetupIntent(request.ctx.brand.config.id, member.claims);
      return {
        setupIntentId: intent.setupIntentId,
        clientSecret: intent.clientSecret,
        customerId: intent.customerId,
      };
    });

    api.post('/stripe/payment-method/get', { config: rateLimit }, async (request) => {
      const member = requireMember(request);
      const body = PaymentMethodBody.safeParse(request.body);
      if (!body.success) throw badInput('Send the payment method id.');
      const method = await payments.getPaymentMethod(
        request.ctx.brand.config.id,
        member.claims.id,
        body.data.paymentMethodId,
      );
      return {
        paymentMethodId: method.id,
        ccLast: method.card.last4,
        ccType: method.card.brand,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    });

    api.get<{ Params: { id: string } }>(
      '/checkout/:id/receipt',
      { config: rateLimit },
      async (request, reply) => {
        const member = requireMember(request);
        const receipt = await checkoutReceipt(
          payments,
          request.ctx.brand.config.id,
          member.claims.id,
          request.params.id,
        );
        return reply.header('cache-control', 'no-store').send(receipt);
      },
    );

    // The sandbox's stand-in for Stripe.js card entry (confirmCardSetup).
    api.post('/sandbox/setup-intent/confirm', { config: rateLimit }, async (request) => {
      const member = requireMember(request);
      const body = ConfirmSetupBody.safeParse(request.body);
      if (!body.success) throw badInput('Send the setup intent secret and the card.');
      return payments.confirmSandboxSetup(
        request.ctx.brand.config.id,
        member.claims.id,
        body.data.clientSecret,
        body.data,
      );
    });

    // The hosted payment page (HTML forms post url-encoded bodies; only this scope parses them).
    await api.register((page) => {
      page.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
        (_request, body, done) => {
          done(
            null,
            Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
          );
        },
      );

      const send = (
        request: FastifyRequest,
        reply: FastifyReply,
        checkout: CheckoutRow,
        extra: {
          failureCode?: string | null;
          issues?: Parameters<typeof renderHostedPage>[0]['issues'];
          values?: HostedPageValues;
        },
        status = 200,
      ) => {
        const brand = request.ctx.brand.config;
        const closed = checkout.status !== 'open' || payments.isExpired(checkout);
        const { html, csp } = renderHostedPage({
          locale: checkout.locale,
          brandName: brand.name,
          brandLogo: brand.logo,
          accent: brand.colors.accent,
          description: checkout.description,
          amountMinor: checkout.amount_minor,
          currency: checkout.currency,
          action: `/paymentflow/checkout/${checkout.id}`,
          cancelUrl:
            checkout.status === 'succeeded'
              ? returnUrl(checkout, payments.providerName, true)
              : returnUrl(checkout, payments.providerName, false),
          closed,
          failureCode: extra.failureCode ?? null,
          issues: extra.issues ?? [],
          values: extra.values ?? NO_VALUES,
          showTestCards: payments.providerName === 'sandbox' && !config.isProduction,
        });
        return (
          reply
            .code(status)
            .header('content-type', 'text/html; charset=utf-8')
            .header('content-security-policy', csp)
            .header('cache-control', 'no-store')
            // No referrer leaves for other sites; the form's own post names its origin (a browser without
            // Fetch Metadata is checked by Origin, decision 014, which no-referrer would make `null`).
            .header('referrer-policy', 'same-origin')
            .send(html)
        );
      };

      /** A verified payment: signs a sign-up's new member in (first return only) and goes back. */
      const paid = async (
        request: FastifyRequest,
        reply: FastifyReply,
        result: Extract<PayResult, { outcome: 'succeeded' }>,
      ) => {
        // A sign-up's member exists now: this browser, which paid, is signed in to it.
        if (result.checkout.member_id === null && result.payment.member_id !== null && result.completedNow) {
          const issued = await services.signups.startSessionFor(request.ctx, result.payment.member_id);
          if (issued) setMemberCookie(reply, issued, config);
        }
        return reply.redirect(returnUrl(result.checkout, payments.providerName, true), 303);
      };

      page.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
        const brandId = request.ctx.brand.config.id;
        const checkout = await payments.getCheckout(brandId, request.params.id);
        // With Stripe, card entry happens on Stripe Checkout; this page only shows a closed checkout.
        const hosted = await payments.openProviderCheckout(brandId, checkout.id, {
          origin: `${request.protocol}://${request.host}`,
          cancelPath: returnUrl(checkout, payments.providerName, false),
        });
        if (hosted) return reply.header('cache-control', 'no-store').redirect(hosted.url, 303);
        return send(request, reply, checkout, { failureCode: checkout.failure_code });
      });

      // Stripe Checkout's success_url: the session is read back from Stripe before anything counts.
      page.get<{ Params: { id: string }; Querystring: { session_id?: string } }>(
        '/checkout/:id/complete',
        { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
        async (request, reply) => {
          const sessionId = request.query.session_id;
          if (typeof sessionId !== 'string' || !/^cs_[\w-]{1,200}$/.test(sessionId)) {
            throw badInput('The payment session is missing.', 'checkout_session_missing');
          }
          const result = await payments.completeProviderCheckout(
            request.ctx.brand.config.id,
            request.params.id,
            sessionId,
          );
          if (result.outcome === 'succeeded') return paid(request, reply, result);
          if (result.outcome === 'failed') {
            return send(request, reply, result.checkout, { failureCode: result.failureCode }, 402);
          }
          return send(request, reply, result.checkout, {}, 409);
        },
      );

      page.post<{ Params: { id: string } }>(
        '/checkout/:id',
        { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
        async (request, reply) => {
          const form = PayForm.safeParse(request.body ?? {});
          if (!form.success) throw badInput('The payment form is not valid.');
          const brandId = request.ctx.brand.config.id;
          const result = await payments.payCheckout(brandId, request.params.id, {
            number: form.data.cardnumber,
            expiry: form.data.expiry,
            cvc: form.data.cvc,
            name: form.data.name,
          });
          // Shown again after an error (issue 14 item 5), in this no-store answer only: request bodies
          // are never logged, so the number goes nowhere else.
          const values = {
            number: form.data.cardnumber,
            expiry: form.data.expiry,
            cvc: form.data.cvc,
            name: form.data.name,
          };
          switch (result.outcome) {
            case 'succeeded':
              return paid(request, reply, result);
            case 'failed':
              return send(request, reply, result.checkout, { failureCode: result.failureCode, values }, 402);
            case 'invalid_card':
              return send(request, reply, result.checkout, { issues: result.issues, values }, 400);
            case 'closed':
              return send(request, reply, result.checkout, {}, 409);
          }
        },
      );
      return Promise.resolve();
    });
  });
}
