/**
 * Generated from contracts/openapi.json by `npm run api:types`: do not edit.
 * `npm run api:check` (part of the test command) fails when this file is stale.
 */

export interface paths {
    "/age-check/test/{inquiry}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The offline stand-in for the age-check provider's hosted flow (test mode only) */
        get: operations["test_age_check_show"];
        put?: never;
        /** Answers a test-mode age check; its webhook is delivered, then back to the app */
        post: operations["test_age_check_answer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/age-check/persona": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Persona's inquiry events, signed (404 when age checks are off)
         * @description The gateway reads the inquiry back from Persona before it changes anything; a 503 makes Persona deliver the event again.
         */
        post: operations["persona_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The customer portal (cancel, change card) */
        post: operations["portal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/verotel/postback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verotel FlexPay's postbacks, signed over their query (404 unless LUCENT_BILLING=verotel) */
        get: operations["verotel_postback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Styles, looks, limits and which renderer draws the images */
        get: operations["get_catalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A checkout session for the monthly plan */
        post: operations["checkout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's images, newest first
         * @description With `favorite`, `style` or `q`, a page holds the images that match all of them; one page reads at most 1,000 images, so a page may hold fewer than `limit` and still have a `nextCursor` to read on from.
         */
        get: operations["list"];
        put?: never;
        /**
         * Makes images from a prompt, and waits for them
         * @description A job (see `/v1/jobs`) followed to its end. With `Accept: text/event-stream` the answer is a stream of `queued` (`QueuedEvent`), `progress` (`ProgressEvent`), then `done` (`Generations`) or `error` (`ErrorDetail`) events; refusals before the work starts are plain HTTP errors. A client that leaves while the job is still queued cancels it (its credits come back); once it runs, it runs to its end.
         */
        post: operations["create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes one of the caller's images, on any plan */
        delete: operations["delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/favorite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Marks one of the caller's images a favourite (again: no change) */
        put: operations["mark"];
        post?: never;
        /** Unmarks one of the caller's images (again: no change) */
        delete: operations["unmark"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The image: the original for pro callers, the blurred preview for everyone else */
        get: operations["image"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queues a generation and answers at once
         * @description The body is the one of `POST /v1/generations`. Follow the job with `GET /v1/jobs/{id}` or its event stream.
         */
        post: operations["submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job: where it stands, and its images or error once it ended */
        get: operations["get"];
        put?: never;
        post?: never;
        /** Cancels a job that is still queued; its credits come back */
        delete: operations["cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job's events, from any instance, resumable
         * @description Server-Sent Events: `queued` (`QueuedEvent`), `progress` (`ProgressEvent`), then `done` (`Generations`), `error` (`ErrorDetail`) or `canceled` ({}). Every event but `queued` has an `id`; send the last one seen as `Last-Event-ID` to resume after it. Leaving the stream does not cancel the job. A stream without an event for `LUCENT_STREAM_IDLE` (120 s) ends with `idle` ({}): open it again. A user has at most 10 streams open across all instances; the 11th is refused with 429 `too_many_requests` and `Retry-After`.
         */
        get: operations["events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's profile, plan and credits */
        get: operations["get_me"];
        put?: never;
        /** Creates or updates the caller's profile (the email comes from the token) */
        post: operations["post_me"];
        /**
         * Deletes the caller's account: subscription, images, records and sign-in
         * @description The body's email must be the account's. Asking again after a failure finishes what the first request began; asking after the end changes nothing.
         */
        delete: operations["delete_me"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/age-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts the caller's age check, or resumes the one pending: the provider's link
         * @description The same inquiry is resumed while it is pending. The provider's flow sends the user back to `/verify-age?returnTo=…`, where the web app follows the status on `GET /api/v1/me` (`ageCheck`). 404 when age checks are off on this server.
         */
        post: operations["start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's data as a ZIP: profile.json, generations.json and the images
         * @description Images are the originals for pro users and the previews otherwise; an explicit image is left out (its parameters stay, with `file` null and `withheld` `age_check_required`) until the caller's age is verified. The archive is written as it is sent; a failure halfway ends the transfer with an error.
         */
        get: operations["export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["document"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-success": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirms a checkout with the payment provider and records the plan */
        post: operations["payment_success"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe's events, signed (404 when no webhook secret is configured) */
        post: operations["webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/styles/{id}/sample": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A style's sample picture, drawn once by the configured renderer */
        get: operations["get_style_sample"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/deleted/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A deleted account's credit period, recent refusals and suspension, while they last (support staff only) */
        get: operations["deleted_account"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the caller may still grant today: bonus credits and Premium plans (support staff only) */
        get: operations["grants_today"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/moderation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The moderation queue: suspended accounts and every user's latest refusals (support staff only) */
        get: operations["moderation_queue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grants or revokes a console role, with a reason for the audit trail (admins only) */
        post: operations["set_role"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finds users by uid or the start of their email (support staff only) */
        get: operations["find_users"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user's profile, plan and why, credits and audit trail (support staff only) */
        get: operations["user"];
        put?: never;
        post?: never;
        /** Deletes a user's account as its owner could, with a reason for the audit trail (support staff; an admin's or a paying subscriber's account: admins only) */
        delete: operations["delete_user"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/age-check/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resets a user's age check to unverified, with a reason for the audit trail (admins only) */
        post: operations["reset_age_check"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds bonus credits to a user's current period, with a reason for the audit trail (support staff only) */
        post: operations["add_user_credits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's images, newest first, as metadata and blurred previews (support staff only) */
        get: operations["user_images"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/generations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes one of a user's images, e.g. on an abuse report, with a reason for the audit trail (support staff only) */
        delete: operations["remove_image"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/generations/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of a user's images, blurred whatever their plan (support staff only) */
        get: operations["preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sets a user's plan by hand, with a reason for the audit trail (support staff only) */
        post: operations["set_user_plan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/refusals/{id}/false-positive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marks a refusal a false positive: it stops counting against the account (support staff only) */
        post: operations["false_positive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/support/users/{uid}/suspension": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lifts or upholds a user's suspension, with a reason for the audit trail (support staff only) */
        post: operations["decide_suspension"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/test/portal/{customer}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The offline customer portal (test mode only) */
        get: operations["test_checkout_portal"];
        put?: never;
        /** Cancels a test-mode subscription at once */
        post: operations["test_checkout_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/test/{session}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The offline checkout page (test mode only) */
        get: operations["test_checkout_page"];
        put?: never;
        /** Pays a test-mode session with one of Stripe's test cards */
        post: operations["test_checkout_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generate-image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The first API's generation call, kept for old clients
         * @description Takes the original query and answers with the PNG, blurred unless the caller is pro; the new generation's id is in `X-Generation-Id`.
         */
        get: operations["generate_image"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics, for the bearer of LUCENT_METRICS_TOKEN */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the store, the token keys, the generator and the image store */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AccountDeleted: {
            /**
             * @description What was kept, each with why (the content rules hold an account under review); empty
             *     when everything went.
             */
            kept: string[];
        };
        /**
         * @description What only an admin may change on an account, and why: the console says so where support
         *     would otherwise look for a button.
         */
        AdminOnly: {
            /**
             * @description The account pays for Premium: taking Premium away, and deleting the account, are an
             *     admin's.
             */
            paysForPremium: boolean;
            /**
             * @description The account is a staff member's (support or admin): its plan, credits, roles and
             *     deletion are an admin's to change.
             */
            staffAccount: boolean;
        };
        /** @description Where in the web app the user is sent back to; the verification page by default. */
        AgeCheckBody: {
            /** @description A path of the web app (`/generate?style=nsfw-v1.1`), kept through the provider's flow. */
            returnTo?: string | null;
        };
        /** @description `persona` or `test`; `off` with a warning when the deployer turned age checks off. */
        AgeCheckCheck: {
            provider: string;
            warning?: string | null;
        };
        AgeCheckLink: {
            /** @description The provider's hosted flow for this inquiry (the test page in test mode). */
            url: string;
        };
        AgeCheckReceipt: {
            /** @description `applied: verified`, `duplicate` or `ignored: …`. */
            outcome: string;
            received: boolean;
        };
        /**
         * @description Where the account stands with age assurance. Explicit images, made or seen, need
         *     `verified` where `required`.
         */
        AgeCheckView: {
            /**
             * Format: int64
             * @description When the provider decided, or the check began; none before any check. Milliseconds
             *     since the epoch.
             */
            checkedAt?: number | null;
            /**
             * @description This server asks for a verified age before explicit imagery (false: the deployer turned
             *     age checks off).
             */
            required: boolean;
            status: components["schemas"]["AgeStatus"];
        };
        AgeResetBody: {
            /** @description Why: kept in the audit trail with who reset it (1 to 500 characters). */
            reason: string;
        };
        /** @enum {string} */
        AgeStatus: "unverified" | "pending" | "verified" | "declined" | "minor";
        /**
         * @description What the page lets a tester answer.
         * @enum {string}
         */
        Answer: "adult" | "minor" | "decline";
        AnswerForm: {
            /** @description `adult`, `minor` or `decline`. */
            answer: components["schemas"]["Answer"];
        };
        /** @description An entry of a user's audit trail. */
        AuditView: {
            action: string;
            /** @description Who made the change. */
            actor: string;
            /**
             * Format: int64
             * @description Milliseconds since the epoch.
             */
            at: number;
            reason: string;
        };
        CancelForm: {
            return_url?: string | null;
        };
        CardForm: {
            card: string;
        };
        CatalogView: {
            limits: components["schemas"]["Limits"];
            looks: components["schemas"]["LookView"][];
            plans: components["schemas"]["PlansView"];
            renderer: components["schemas"]["Renderer"];
            /**
             * @description What `sampler` may be, the first the default; empty when the backend takes none (nor
             *     a guidance scale).
             */
            samplers: components["schemas"]["SamplerView"][];
            /**
             * @description How a user may make an image from one of theirs (the body's `source`); empty when the
             *     backend cannot draw from an image.
             */
            sourceModes: components["schemas"]["SourceModeView"][];
            styles: components["schemas"]["StyleView"][];
        };
        /**
         * @description Why a request was refused.
         * @enum {string}
         */
        Category: "minor" | "real_person" | "non_consent" | "bestiality";
        /** @description One dependency's state. */
        Check: {
            /** @description Fixed words when not ok. */
            error?: string | null;
            /** @description Which adapter or mode answers (`embedded`, `rtdb`, `google`, `emulator`, `builtin`, …). */
            kind?: string | null;
            ok: boolean;
        };
        Checks: {
            /** @description Which provider confirms ages before explicit imagery; never makes the instance unready. */
            ageCheck: components["schemas"]["AgeCheckCheck"];
            generator: components["schemas"]["Check"];
            images: components["schemas"]["Check"];
            keys: components["schemas"]["Check"];
            /**
             * @description Whether a moderation service reads explicit requests and their images; never makes the
             *     instance unready.
             */
            moderation: components["schemas"]["ModerationCheck"];
            redis?: components["schemas"]["RedisCheck"] | null;
            store: components["schemas"]["Check"];
        };
        /** @description Bonus credits for the period the user is in now. */
        CreditsBody: {
            /**
             * Format: int32
             * @description How many, 1 to 500; they end with the user's current period. Support adds up to 20 at a
             *     time, and up to a daily total per support member (`GET /api/v1/support/grants`), never
             *     to a staff member's account; more needs an admin (403 `admin_required`).
             */
            credits: number;
            /** @description Why: kept in the audit trail with who made the grant (1 to 500 characters). */
            reason: string;
        };
        /**
         * @description `lift`: generation works again and the refusals so far no longer count; `uphold`: the
         *     suspension stays, reviewed.
         * @enum {string}
         */
        Decision: "lift" | "uphold";
        DeleteAccountBody: {
            /** @description The account's email, typed again: nothing is deleted without it. */
            email: string;
        };
        DeletedAccount: {
            /** @description Every action by hand and the deletion, oldest first. */
            audit: components["schemas"]["AuditView"][];
            /** Format: int32 */
            bonus: number;
            /**
             * Format: int64
             * @description Milliseconds since the epoch.
             */
            deletedAt: number;
            /**
             * Format: int64
             * @description When this record is deleted: the credit period's end or the last refusal's 24 hours,
             *     whichever is later. The uid stays deleted after it.
             */
            keepUntil: number;
            /** @description The credit period (`d2026-11-26`, `m2026-11`, `p20261215T103000Z`), the credits used in it and given. */
            period: string;
            /** @description Its refused requests of the 24 hours before the deletion, newest first. */
            refusals: components["schemas"]["RefusalView"][];
            suspension?: components["schemas"]["SuspensionView"] | null;
            uid: string;
            /** Format: int32 */
            used: number;
        };
        /** @description `{"error":{"code","message"}}`: every error response of the API. */
        ErrorBody: {
            error: components["schemas"]["ErrorDetail"];
        };
        /**
         * @description Every error code of the API. The OpenAPI document lists them as the `code` enum.
         * @enum {string}
         */
        ErrorCode: "malformed_json" | "bad_query" | "signature_invalid" | "malformed_event" | "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject" | "pro_required" | "age_confirmation_required" | "age_check_required" | "uid_mismatch" | "session_not_yours" | "own_record" | "admin_required" | "account_suspended" | "not_found" | "account_deleted" | "profile_missing" | "already_subscribed" | "age_already_verified" | "age_check_locked" | "payment_incomplete" | "job_not_cancelable" | "payload_too_large" | "unsupported_media_type" | "invalid_field" | "prompt_refused" | "quota_exhausted" | "too_many_requests" | "queue_full" | "rate_limited" | "internal" | "backend_failed" | "backend_bad_image" | "backend_too_large" | "stripe_error" | "store_unavailable" | "storage_unavailable" | "stripe_unavailable" | "auth_keys_unavailable" | "dependency_unavailable" | "backend_timeout" | "store_timeout" | "stripe_timeout";
        ErrorDetail: {
            category?: components["schemas"]["Category"] | null;
            code: components["schemas"]["ErrorCode"];
            /**
             * @description With `invalid_field`: the field at fault, as the request names it (`message` starts
             *     with it too). With `prompt_refused`: `prompt` or `negativePrompt`.
             */
            field?: string | null;
            /**
             * @description With `invalid_field`: every field at fault in the request, `field` the first, so that
             *     a form shows each problem by its field at once.
             */
            fields?: components["schemas"]["FieldError"][] | null;
            /** @description For a 4xx, what to fix; for a 5xx, fixed text (the details are in the gateway's log). */
            message: string;
            /**
             * @description With `prompt_refused`: whether it counts against the account. False when it rests on
             *     one ambiguous sign: the user is asked to change `words` and try again.
             */
            strike?: boolean | null;
            /** @description With `prompt_refused`: the words that decided it, as the request wrote them. */
            words?: string[] | null;
        };
        /** @description One field at fault. */
        FieldError: {
            /** @description As the request names it. */
            field: string;
            /** @description `<field>: <problem>`, as `message` words the first. */
            message: string;
        };
        /** @description One line of a search. */
        FoundUser: {
            email: string;
            uid: string;
            username: string;
            /** @description "Why is this user (not) pro?" in one sentence. */
            why: string;
        };
        FoundUsers: {
            users: components["schemas"]["FoundUser"][];
        };
        GenerationBody: {
            /**
             * Format: float
             * @description The guidance scale (CFG): 1 to 20 in steps of 0.5; empty for the style's.
             */
            cfg?: number | null;
            /**
             * Format: int32
             * @description Images to make (1, or up to 4 for pro users).
             */
            count?: number | null;
            enhance?: boolean | null;
            look?: string | null;
            negativePrompt?: string | null;
            /** @description At most 500 characters (UTF-16 code units, as a browser counts). */
            prompt: string;
            /** @description A sampler id from the catalog's `samplers`; empty for the first. */
            sampler?: string | null;
            seed?: components["schemas"]["Loose"] | null;
            /** @description One of the style's size ids (the catalog's `sizes`); empty for the style's first. */
            size?: string | null;
            source?: components["schemas"]["SourceBody"] | null;
            steps?: components["schemas"]["Loose"] | null;
            /** @description A style id from the catalog; empty for the default. */
            style?: string | null;
        };
        GenerationView: {
            /** @description Whether `imageUrl` serves the blurred preview (the caller is not pro). */
            blurred: boolean;
            /**
             * Format: float
             * @description The guidance scale; none on images from before it could be picked.
             */
            cfg?: number | null;
            /**
             * Format: int64
             * @description Milliseconds since the epoch.
             */
            createdAt: number;
            enhance: boolean;
            /**
             * @description Explicit: `imageUrl` answers 403 `age_check_required` until the owner's age is
             *     verified (where age checks are on).
             */
            explicit: boolean;
            /** @description Marked by its owner. */
            favorite: boolean;
            /** Format: int32 */
            height: number;
            id: string;
            imageUrl: string;
            look?: string | null;
            negativePrompt: string;
            prompt: string;
            /** @description The sampler id; none on images from before it could be picked. */
            sampler?: string | null;
            /** Format: int32 */
            seed: number;
            /** @description The catalog's size id it was asked at; none on images from before sizes. */
            size?: string | null;
            source?: components["schemas"]["SourceRef"] | null;
            /** Format: int32 */
            steps: number;
            style: string;
            /** Format: int32 */
            width: number;
        };
        /**
         * @description What a generation made: the same shape in the JSON answer, the stream's `done` event and a
         *     job's result.
         */
        Generations: {
            generations: components["schemas"]["GenerationView"][];
        };
        /**
         * @description A support member's grants of the UTC day and their caps. An admin's are not capped: all
         *     four are absent.
         */
        GrantsToday: {
            /**
             * Format: int32
             * @description Of those, what is left today.
             */
            creditsLeft?: number | null;
            /**
             * Format: int32
             * @description Bonus credits one support member may add in a day, in all.
             */
            creditsPerDay?: number | null;
            /** @description The day counted (`YYYY-MM-DD`, UTC); the next starts at midnight UTC. */
            day: string;
            /**
             * Format: int32
             * @description Of those, what is left today.
             */
            proLeft?: number | null;
            /**
             * Format: int32
             * @description Premium plans one support member may grant in a day.
             */
            proPerDay?: number | null;
        };
        Health: {
            status: string;
        };
        HistoryPage: {
            items: components["schemas"]["GenerationView"][];
            nextCursor?: string | null;
        };
        /** @enum {string} */
        JobStatus: "queued" | "running" | "succeeded" | "failed" | "canceled";
        /** @description A job as its owner reads it. */
        JobView: {
            error?: components["schemas"]["ErrorDetail"] | null;
            /**
             * Format: float
             * @description While queued: seconds until it starts.
             */
            etaSeconds?: number | null;
            /** @description Once succeeded: the images, blurred unless the caller was pro. */
            generations?: components["schemas"]["GenerationView"][] | null;
            id: string;
            /**
             * Format: int32
             * @description While queued: 1 starts next.
             */
            position?: number | null;
            progress?: components["schemas"]["ProgressEvent"] | null;
            status: components["schemas"]["JobStatus"];
        };
        Limits: {
            /** Format: float */
            cfgMax: number;
            /**
             * Format: float
             * @description The guidance scales users may pick, when `samplers` is not empty.
             */
            cfgMin: number;
            /** Format: float */
            cfgStep: number;
            /** Format: int32 */
            countMaxFree: number;
            /** Format: int32 */
            countMaxPro: number;
            negativePromptMax: number;
            promptMax: number;
            /** Format: int32 */
            stepsDefault: number;
            /** Format: int32 */
            stepsMaxFree: number;
            /** Format: int32 */
            stepsMaxPro: number;
        };
        LookView: {
            id: string;
            label: string;
            pro: boolean;
        };
        /**
         * @description The web app's seed and step fields are free text; a JSON number, a numeric string, `""` or
         *     `null` all arrive here.
         */
        Loose: number | string;
        Me: {
            ageCheck: components["schemas"]["AgeCheckView"];
            ageConfirmed: boolean;
            /**
             * Format: int64
             * @description Milliseconds since the epoch.
             */
            createdAt: number;
            email: string;
            plan: components["schemas"]["Plan"];
            quota: components["schemas"]["Quota"];
            standing: components["schemas"]["Standing"];
            subscription?: components["schemas"]["Subscription"] | null;
            uid: string;
            username: string;
        };
        /**
         * @description The content rules read words; a moderation service reads meaning (README, "Content
         *     safety"). Without one the instance is ready and says so.
         */
        ModerationCheck: {
            configured: boolean;
            warning?: string | null;
        };
        ModerationQueue: {
            /** @description Pass as `before` for the next, older page; none on the last. */
            nextBefore?: string | null;
            /** @description Every user's refusals, newest first. */
            refusals: components["schemas"]["RefusalView"][];
            /** @description Suspended accounts, the latest suspended first (at most 100). */
            suspended: components["schemas"]["SuspendedUser"][];
        };
        PaymentOutcome: {
            message: string;
            plan: components["schemas"]["Plan"];
        };
        PaymentSuccess: {
            /** @description Must be the signed-in user's uid. */
            firebaseId: string;
            sessionId: string;
        };
        /** @enum {string} */
        Plan: "free" | "pro";
        /** @description A plan set by hand. */
        PlanBody: {
            plan: components["schemas"]["Plan"];
            /** @description Why: kept in the audit trail with who made the change (1 to 500 characters). */
            reason: string;
            /**
             * @description The last day of a pro plan, `YYYY-MM-DD` (UTC); none: until changed again. Support
             *     grants pro up to 31 days ahead; longer, or none, needs an admin (403 `admin_required`),
             *     and so do a pro plan past the support member's daily number (`GET
             *     /api/v1/support/grants`), free for a subscriber who pays for Premium, and any plan of
             *     a staff member's account.
             */
            until?: string | null;
        };
        /** @description What each plan's credits are; the web app states these, never numbers of its own. */
        PlansView: {
            /**
             * Format: int32
             * @description Credits a free account gets each UTC day.
             */
            freeDaily: number;
            /**
             * Format: int32
             * @description Credits a Premium account gets each billing month (they renew when it does).
             */
            proMonthly: number;
        };
        ProfileBody: {
            ageConfirmed?: boolean;
            /** @description 1 to 40 characters. */
            username: string;
        };
        /** @description The `progress` event. */
        ProgressEvent: {
            /** Format: float */
            etaSeconds?: number | null;
            /**
             * Format: float
             * @description 0 to 1.
             */
            fraction: number;
        };
        /** @enum {string} */
        ProviderState: "none" | "found" | "missing" | "unreachable";
        ProviderView: {
            /**
             * Format: int64
             * @description The end of the paid period, milliseconds since the epoch.
             */
            currentPeriodEnd?: number | null;
            /** @description Whether the record holds the same status and period end. */
            matchesRecord: boolean;
            message?: string | null;
            /** @description The processor asked: `stripe`, `verotel` or `test`. */
            processor: string;
            state: components["schemas"]["ProviderState"];
            /** @description The provider's status now (`active`, `past_due`, `canceled`, …). */
            status?: string | null;
        };
        /** @description The `queued` event, and a queued job's place. */
        QueuedEvent: {
            /**
             * Format: float
             * @description Seconds until it starts, from recent run times and the live workers.
             */
            etaSeconds: number;
            /**
             * Format: int32
             * @description 1: starts next.
             */
            position: number;
        };
        Quota: {
            /**
             * Format: int32
             * @description Of `limit`, the credits support added for this period.
             */
            bonus: number;
            /**
             * Format: int32
             * @description The plan's credits for the period plus `bonus`.
             */
            limit: number;
            /** @description RFC 3339, UTC. */
            resetsAt: string;
            /** Format: int32 */
            used: number;
        };
        ReadinessReport: {
            checks: components["schemas"]["Checks"];
            /** @description `ready` or `not ready`. */
            status: string;
        };
        /** @description Why an action was taken. */
        ReasonBody: {
            /** @description Kept in the audit trail with who acted (1 to 500 characters). */
            reason: string;
        };
        /** @description Where to send the browser next. */
        Redirect: {
            url: string;
        };
        /** @description Redis answers, and what it would lose when full. */
        RedisCheck: components["schemas"]["Check"] & {
            /** @description Its `maxmemory-policy`, when the server lets `CONFIG GET` read it. */
            evictionPolicy?: string | null;
            /**
             * @description What a full Redis would lose under that policy (anything but `noeviction`); the
             *     instance stays ready, since nothing is lost until Redis is full.
             */
            warning?: string | null;
        };
        /** @description A refused request as staff review it. */
        RefusalView: {
            /**
             * Format: int64
             * @description Milliseconds since the epoch.
             */
            at: number;
            /** @description `minor`, `real_person`, `non_consent` or `bestiality`. */
            category: string;
            /**
             * @description It still counts against the account: neither a false positive nor reviewed when a
             *     suspension was lifted.
             */
            counts: boolean;
            /** @description The account's email, when the account still exists. */
            email?: string | null;
            /** @description Staff marked it a false positive. */
            falsePositive: boolean;
            /**
             * @description The moderation service's categories that decided it (e.g. `sexual/minors`); none when
             *     our own rules did.
             */
            flagged: string[];
            id: string;
            negativePrompt: string;
            prompt: string;
            /**
             * @description The path it came by: `jobs`, `generations` or `legacy`; `image` for a finished image
             *     the moderation service flagged.
             */
            route: string;
            /**
             * @description False when it rested on one ambiguous sign: the user was asked to rephrase, and it
             *     never counts.
             */
            strike: boolean;
            style: string;
            uid: string;
            /**
             * @description The words that decided it, as the user wrote them; none when the moderation service
             *     decided.
             */
            words: string[];
        };
        Renderer: {
            /** @description The backend kind: `builtin`, `a1111` or `legacy`. */
            kind: string;
            label: string;
        };
        /**
         * @description A role `lucent staff grant` hands out.
         * @enum {string}
         */
        Role: "support" | "admin";
        /** @description A role to give or take. */
        RoleBody: {
            /** @description The account's email (exactly one account must have it). */
            email: string;
            /** @description True to grant, false to revoke. */
            granted: boolean;
            /** @description Kept in the audit trail of the account with who made the change (1 to 500 characters). */
            reason: string;
            role: components["schemas"]["Role"];
        };
        /**
         * @description `users/{uid}/subscription/sales/{id}`: a sale (Verotel) or subscription (Stripe) the
         *     processor told the gateway of, keyed by the processor's id, the one that sets the plan
         *     included. Two checkouts paid a few minutes apart are two sales at the processor and only one
         *     sets the plan; both must be shown to support and both cancelled with the account.
         */
        Sale: {
            /**
             * Format: int64
             * @description Paid until then (milliseconds), when the processor said.
             */
            currentPeriodEnd?: number | null;
            /** @description `verotel`, `stripe` or `test`, as the processor names itself. */
            processor: string;
            /**
             * @description The processor's state as the gateway last heard it: `active`, `cancelled` (no more
             *     charges), or how it ended (`expired`, `refunded`, `chargeback`; Stripe's own words).
             */
            status: string;
            /** Format: int64 */
            updatedAt: number;
        };
        SamplerView: {
            id: string;
            label: string;
        };
        /**
         * @description One image size a style offers, in pixels: multiples of 64 (what Stable Diffusion's latent
         *     space divides by 8, in blocks of 8), at most [`SIDE_MAX`]; `enhance` doubles both sides.
         */
        Size: {
            /** Format: int32 */
            height: number;
            /** @description `square`, `portrait`, `landscape`, …: unique within its style. */
            id: string;
            label: string;
            /** Format: int32 */
            width: number;
        };
        /** @description The body's `source`. */
        SourceBody: {
            /** @description The id of one of the caller's images. */
            generation: string;
            mode: components["schemas"]["SourceMode"];
        };
        /**
         * @description How an image is made from another.
         * @enum {string}
         */
        SourceMode: "vary-subtle" | "vary-strong" | "upscale";
        SourceModeView: {
            id: components["schemas"]["SourceMode"];
            label: string;
            /** @description Premium only. */
            pro: boolean;
        };
        /** @description `generations/{uid}/{id}/source`: the owner's image a variation or an upscale was made from. */
        SourceRef: {
            /** @description The source image's id. */
            generation: string;
            mode: components["schemas"]["SourceMode"];
        };
        /** @description An account's staff roles after a change. */
        StaffAccount: {
            admin: boolean;
            email: string;
            support: boolean;
            uid: string;
        };
        StaffDeletionBody: {
            /** @description Kept in the audit trail with who acted (1 to 500 characters). */
            reason: string;
        };
        /** @description Where the account stands with the content rules. */
        Standing: {
            /**
             * @description Refused requests that count against the account, made in the last 24 hours (a request
             *     to rephrase never counts).
             */
            strikes: number;
            /** @description At this many generation is suspended until staff review the account. */
            suspendAt: number;
            suspension?: components["schemas"]["SuspensionStanding"] | null;
            /** @description At this many the user is warned. */
            warnAt: number;
            /** @description The warning, once `strikes` reached `warnAt`. */
            warning?: string | null;
        };
        /**
         * @description One event of a job's stream, as an SSE parser hands it over: OpenAPI 3.1 describes a
         *     `text/event-stream` body one event at a time.
         */
        StreamEvent: {
            /**
             * @description The payload's JSON: `QueuedEvent` for `queued`, `ProgressEvent` for `progress`,
             *     `Generations` for `done`, `ErrorDetail` for `error`, `{}` for `canceled` and `idle`.
             */
            data: string;
            event: components["schemas"]["StreamEventName"];
            /**
             * @description The resume cursor, to send back as `Last-Event-ID`; a place in line has none (it is
             *     never replayed).
             */
            id?: string;
        };
        /** @enum {string} */
        StreamEventName: "queued" | "progress" | "done" | "error" | "canceled" | "idle";
        StyleView: {
            /**
             * Format: float
             * @description The guidance scale it is drawn at unless the user picks another.
             */
            cfg: number;
            checkpoint: string;
            default: boolean;
            hash: string;
            id: string;
            label: string;
            nsfw: boolean;
            pro: boolean;
            /** @description Where its sample picture is (`GET /api/v1/styles/{id}/sample`), a same-origin path. */
            sample: string;
            /**
             * @description What `size` may be for this style, the first the default; one when the backend draws
             *     one size only.
             */
            sizes: components["schemas"]["Size"][];
        };
        /**
         * @description `users/{uid}/subscription`. Every field is optional because the object is merged field by
         *     field (a checkout stores only `sessionId` before anything is paid).
         */
        Subscription: {
            /** Format: int64 */
            currentPeriodEnd?: number | null;
            customerId?: string | null;
            planType?: string | null;
            /** @description Every sale the processor told of, by its id (see [`Sale`]). */
            sales?: {
                [key: string]: components["schemas"]["Sale"];
            };
            sessionId?: string | null;
            status?: string | null;
            subscriptionId?: string | null;
            /** Format: int64 */
            updatedAt?: number | null;
        };
        /** @description Where the account stands with age assurance, and what the provider calls the check. */
        SupportAgeCheck: {
            /**
             * Format: int64
             * @description When the provider decided, the check began, or staff reset it (milliseconds).
             */
            checkedAt?: number | null;
            /** @description `persona`, `test`, or `staff` after a reset; none before any check. */
            provider?: string | null;
            /** @description The provider's reference (Persona's inquiry id), to look it up there. */
            reference?: string | null;
            status: components["schemas"]["AgeStatus"];
        };
        /** @description A user as support sees them. */
        SupportUser: {
            /** @description What only an admin may change on this account. */
            adminOnly: components["schemas"]["AdminOnly"];
            /** @description The age check: status, provider, its reference and when. */
            ageCheck: components["schemas"]["SupportAgeCheck"];
            /** @description Every action by hand, oldest first. */
            audit: components["schemas"]["AuditView"][];
            /**
             * Format: int64
             * @description How many images the user has in their history.
             */
            generations: number;
            /** @description The profile, plan and credits, as the user sees them. */
            profile: components["schemas"]["Me"];
            /** @description The subscription as the payment provider reports it now. */
            provider: components["schemas"]["ProviderView"];
            /** @description The user's refused requests, newest first. */
            refusals: components["schemas"]["RefusalView"][];
            suspension?: components["schemas"]["SuspensionView"] | null;
            /** @description "Why is this user (not) pro?" in one sentence, from the record the gateway decides by. */
            why: string;
        };
        /** @description A suspended account in the queue. */
        SuspendedUser: {
            email: string;
            suspension: components["schemas"]["SuspensionView"];
            uid: string;
            username: string;
        };
        /** @description Staff's decision on a suspension. */
        SuspensionBody: {
            decision: components["schemas"]["Decision"];
            /** @description Kept in the audit trail with who decided (1 to 500 characters). */
            reason: string;
        };
        SuspensionStanding: {
            reason: string;
            /** @description How to ask for a review. */
            review: string;
            /**
             * Format: int64
             * @description Milliseconds since the epoch.
             */
            since: number;
            /** @description Staff reviewed it and kept it. */
            upheld: boolean;
        };
        /** @description Why and since when an account may not generate. */
        SuspensionView: {
            reason: string;
            /**
             * Format: int64
             * @description Milliseconds since the epoch.
             */
            since: number;
            /**
             * Format: int64
             * @description When staff reviewed it and kept it; none: it awaits review.
             */
            upheldAt?: number | null;
        };
        WebhookReceipt: {
            /** @description `applied: pro|free`, `duplicate` or `ignored: why`. */
            outcome: string;
            received: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    test_age_check_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A test-mode inquiry id */
                inquiry: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The three answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such inquiry, or not in test mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The shared test-mode ledger (Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    test_age_check_answer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A test-mode inquiry id */
                inquiry: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AnswerForm"];
            };
        };
        responses: {
            /** @description Answered: back to the app's verification page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such inquiry, or not in test mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The user database, or the shared test-mode ledger (Redis), is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    persona_webhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Persona's signature of the body */
                "Persona-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A Persona event */
        requestBody: {
            content: {
                "application/json": string;
            };
        };
        responses: {
            /** @description Processed, or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgeCheckReceipt"];
                };
            };
            /** @description `code` is one of: signature_invalid, malformed_event */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    portal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The portal page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Redirect"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: pro_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: stripe_error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, stripe_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout, stripe_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verotel_postback: {
        parameters: {
            query?: {
                /** @description initial, rebill, cancel, expiry, chargeback, credit; others are recorded and ignored */
                event?: string;
                /** @description Verotel's sale */
                saleID?: string;
                /** @description The checkout's reference: the uid, a dot, a token */
                referenceID?: string;
                /** @description FlexPay's signature of every other parameter received */
                signature?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Processed, a duplicate, or recorded and ignored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example OK */
                    "text/plain": string;
                };
            };
            /** @description `code` is one of: signature_invalid, malformed_event */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_catalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogView"];
                };
            };
        };
    };
    checkout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Redirect"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: account_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing, already_subscribed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: stripe_error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, stripe_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout, stripe_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    list: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description 1 to 100; 20 by default. */
                limit?: number;
                /** @description `true`: favourites only. */
                favorite?: boolean;
                /** @description Images of this style only. */
                style?: string;
                /** @description Images whose prompt holds this text, whatever the case (at most 500 characters). */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HistoryPage"];
                };
            };
            /** @description `code` is one of: bad_query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerationBody"];
            };
        };
        responses: {
            /** @description The event stream (with `Accept: text/event-stream`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["StreamEvent"];
                };
            };
            /** @description The images, blurred unless the caller is pro */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Generations"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: account_suspended, pro_required, age_confirmation_required, age_check_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field, prompt_refused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited, quota_exhausted, too_many_requests, queue_full */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: backend_failed, backend_bad_image, backend_too_large */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, dependency_unavailable, storage_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout, backend_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A generation id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: account_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mark: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A generation id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A favourite */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    unmark: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A generation id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Not a favourite */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    image: {
        parameters: {
            query?: {
                /** @description `1` or `true`: the original as an attachment, with its parameters (pro only). */
                download?: string;
            };
            header?: never;
            path: {
                /** @description A generation id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PNG, as stored (marked when it was made). `ETag` names the bytes; the browser keeps them and asks again each time (`no-cache`), so a plan change shows the other variant at once. */
            200: {
                headers: {
                    /** @description The bytes' strong entity tag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description `If-None-Match` names the bytes the caller would be sent */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `code` is one of: bad_query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: pro_required, age_check_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, storage_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerationBody"];
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    /** @description The job's URL */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobView"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: account_suspended, pro_required, age_confirmation_required, age_check_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field, prompt_refused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited, quota_exhausted, too_many_requests, queue_full */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A job id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobView"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A job id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Canceled */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: job_not_cancelable */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    events: {
        parameters: {
            query?: never;
            header?: {
                /** @description Resume after this event */
                "Last-Event-ID"?: string | null;
            };
            path: {
                /** @description A job id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["StreamEvent"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: too_many_requests */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    post_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileBody"];
            };
        };
        responses: {
            /** @description The saved profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: account_deleted */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteAccountBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDeleted"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, storage_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description `{}` for the default way back */
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgeCheckBody"];
            };
        };
        responses: {
            /** @description Open this link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgeCheckLink"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: age_check_locked */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing, age_already_verified */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    export: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": number[];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited, too_many_requests */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    document: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    payment_success: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentSuccess"];
            };
        };
        responses: {
            /** @description The plan now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOutcome"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: uid_mismatch, session_not_yours */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing, payment_incomplete */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: stripe_error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, stripe_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout, stripe_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    webhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Stripe's signature of the body */
                "Stripe-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A Stripe event */
        requestBody: {
            content: {
                "application/json": string;
            };
        };
        responses: {
            /** @description Processed, or a duplicate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReceipt"];
                };
            };
            /** @description `code` is one of: signature_invalid, malformed_event */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: stripe_error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, stripe_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout, stripe_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    get_style_sample: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The style's id, as the catalog lists it */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A PNG */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": unknown;
                };
            };
            /** @description The copy the client holds is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleted_account: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deleted account's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the deleted account left */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedAccount"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    grants_today: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The day's caps and what is left */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GrantsToday"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    moderation_queue: {
        parameters: {
            query?: {
                /** @description A refusal id from `nextBefore`: the page of refusals older than it. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queue, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModerationQueue"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_role: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleBody"];
            };
        };
        responses: {
            /** @description The account's roles now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAccount"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record, admin_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    find_users: {
        parameters: {
            query: {
                /** @description A uid, or the start of an email address (any case). */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users found (none is an empty list) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FoundUsers"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportUser"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    delete_user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffDeletionBody"];
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDeleted"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record, admin_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable, storage_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    reset_age_check: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgeResetBody"];
            };
        };
        responses: {
            /** @description The user after the reset */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportUser"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record, admin_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    add_user_credits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditsBody"];
            };
        };
        responses: {
            /** @description The user after the grant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportUser"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record, admin_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    user_images: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description 1 to 100; 20 by default. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page; every `imageUrl` is a blurred preview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HistoryPage"];
                };
            };
            /** @description `code` is one of: bad_query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    remove_image: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
                /** @description A generation id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonBody"];
            };
        };
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    preview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
                /** @description A generation id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The blurred PNG */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable, storage_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    set_user_plan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanBody"];
            };
        };
        responses: {
            /** @description The user after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportUser"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record, admin_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    false_positive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
                /** @description A refusal id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonBody"];
            };
        };
        responses: {
            /** @description The user after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportUser"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    decide_suspension: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's uid */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SuspensionBody"];
            };
        };
        responses: {
            /** @description The user after the decision */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportUser"];
                };
            };
            /** @description `code` is one of: malformed_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: own_record */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_unavailable, dependency_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    test_checkout_portal: {
        parameters: {
            query?: {
                return_url?: string;
            };
            header?: never;
            path: {
                /** @description A test-mode customer id */
                customer: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The portal page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such customer, or not in test mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The shared test-mode ledger (Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    test_checkout_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A test-mode customer id */
                customer: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CancelForm"];
            };
        };
        responses: {
            /** @description Canceled: back to the app */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such customer, or not in test mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The user database, or the shared test-mode ledger (Redis), is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    test_checkout_page: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A test-mode checkout session id */
                session: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The card form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Already paid: on to the success page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such session, or not in test mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The shared test-mode ledger (Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    test_checkout_pay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A test-mode checkout session id */
                session: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CardForm"];
            };
        };
        responses: {
            /** @description Paid: on to the success page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The card was declined */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such session, or not in test mode */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The shared test-mode ledger (Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    generate_image: {
        parameters: {
            query?: {
                prompt?: string;
                inputValue?: string;
                negativePrompt?: string;
                /** @description A checkpoint title (what the old web app sent) or a style id. */
                selected_model_type?: string;
                seed?: string;
                step?: string;
                /** @description Ignored: the style's extra prompt comes from the catalog, not the caller. */
                Prompt_Plus?: string;
                /** @description The look's preset text (what the old web app sent) or a look id. */
                model_type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PNG */
            200: {
                headers: {
                    /** @description The generation's id */
                    "X-Generation-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description `code` is one of: bad_query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: token_missing, token_invalid, token_expired, token_wrong_project, token_not_yet_valid, token_bad_subject */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: account_suspended, pro_required, age_confirmation_required, age_check_required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: profile_missing */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: invalid_field, prompt_refused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: rate_limited, quota_exhausted, too_many_requests, queue_full */
            429: {
                headers: {
                    /** @description Seconds until a retry can succeed */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: backend_failed, backend_bad_image, backend_too_large */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: auth_keys_unavailable, store_unavailable, dependency_unavailable, storage_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description `code` is one of: store_timeout, backend_timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description No token configured, or the wrong one */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessReport"];
                };
            };
            /** @description At least one does not */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessReport"];
                };
            };
        };
    };
}

/** Per operation and status, the error `code`s the document lists for it. */
export interface operationErrors {
    "POST /api/v1/age-check/persona": {
        400: "signature_invalid" | "malformed_event";
        404: "not_found";
        413: "payload_too_large";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/billing/portal": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "pro_required";
        409: "profile_missing";
        429: "rate_limited";
        500: "internal";
        502: "stripe_error";
        503: "auth_keys_unavailable" | "store_unavailable" | "stripe_unavailable";
        504: "store_timeout" | "stripe_timeout";
    };
    "GET /api/v1/billing/verotel/postback": {
        400: "signature_invalid" | "malformed_event";
        404: "not_found";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/checkout": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "account_suspended";
        409: "profile_missing" | "already_subscribed";
        429: "rate_limited";
        500: "internal";
        502: "stripe_error";
        503: "auth_keys_unavailable" | "store_unavailable" | "stripe_unavailable";
        504: "store_timeout" | "stripe_timeout";
    };
    "GET /api/v1/generations": {
        400: "bad_query";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        422: "invalid_field";
        429: "rate_limited";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/generations": {
        400: "malformed_json";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "account_suspended" | "pro_required" | "age_confirmation_required" | "age_check_required";
        404: "not_found";
        409: "profile_missing";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field" | "prompt_refused";
        429: "rate_limited" | "quota_exhausted" | "too_many_requests" | "queue_full";
        500: "internal";
        502: "backend_failed" | "backend_bad_image" | "backend_too_large";
        503: "auth_keys_unavailable" | "store_unavailable" | "dependency_unavailable" | "storage_unavailable";
        504: "store_timeout" | "backend_timeout";
    };
    "DELETE /api/v1/generations/{id}": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "account_suspended";
        404: "not_found";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable";
        504: "store_timeout";
    };
    "PUT /api/v1/generations/{id}/favorite": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        404: "not_found";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable";
        504: "store_timeout";
    };
    "DELETE /api/v1/generations/{id}/favorite": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        404: "not_found";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/generations/{id}/image": {
        400: "bad_query";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "pro_required" | "age_check_required";
        404: "not_found";
        429: "rate_limited";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable" | "storage_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/jobs": {
        400: "malformed_json";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "account_suspended" | "pro_required" | "age_confirmation_required" | "age_check_required";
        404: "not_found";
        409: "profile_missing";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field" | "prompt_refused";
        429: "rate_limited" | "quota_exhausted" | "too_many_requests" | "queue_full";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/jobs/{id}": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        404: "not_found";
        503: "auth_keys_unavailable" | "dependency_unavailable";
    };
    "DELETE /api/v1/jobs/{id}": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        404: "not_found";
        409: "job_not_cancelable";
        503: "auth_keys_unavailable" | "dependency_unavailable";
    };
    "GET /api/v1/jobs/{id}/events": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        404: "not_found";
        429: "too_many_requests";
        503: "auth_keys_unavailable" | "dependency_unavailable";
    };
    "GET /api/v1/me": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        409: "profile_missing";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/me": {
        400: "malformed_json";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        410: "account_deleted";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        429: "rate_limited";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable";
        504: "store_timeout";
    };
    "DELETE /api/v1/me": {
        400: "malformed_json";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable" | "storage_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/me/age-check": {
        400: "malformed_json";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "age_check_locked";
        404: "not_found";
        409: "profile_missing" | "age_already_verified";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        429: "rate_limited";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/me/export": {
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        409: "profile_missing";
        429: "rate_limited" | "too_many_requests";
        500: "internal";
        503: "auth_keys_unavailable" | "store_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/payment-success": {
        400: "malformed_json";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "uid_mismatch" | "session_not_yours";
        404: "not_found";
        409: "profile_missing" | "payment_incomplete";
        413: "payload_too_large";
        415: "unsupported_media_type";
        429: "rate_limited";
        500: "internal";
        502: "stripe_error";
        503: "auth_keys_unavailable" | "store_unavailable" | "stripe_unavailable";
        504: "store_timeout" | "stripe_timeout";
    };
    "POST /api/v1/stripe/webhook": {
        400: "signature_invalid" | "malformed_event";
        404: "not_found";
        413: "payload_too_large";
        500: "internal";
        502: "stripe_error";
        503: "store_unavailable" | "stripe_unavailable";
        504: "store_timeout" | "stripe_timeout";
    };
    "GET /api/v1/styles/{id}/sample": {
        404: "not_found";
    };
    "GET /api/v1/support/deleted/{uid}": {
        404: "not_found";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/support/grants": {
        404: "not_found";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/support/moderation": {
        404: "not_found";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/support/staff": {
        400: "malformed_json";
        403: "own_record" | "admin_required";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/support/users": {
        404: "not_found";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/support/users/{uid}": {
        404: "not_found";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "DELETE /api/v1/support/users/{uid}": {
        400: "malformed_json";
        403: "own_record" | "admin_required";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable" | "storage_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/support/users/{uid}/age-check/reset": {
        400: "malformed_json";
        403: "own_record" | "admin_required";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/support/users/{uid}/credits": {
        400: "malformed_json";
        403: "own_record" | "admin_required";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/support/users/{uid}/generations": {
        400: "bad_query";
        404: "not_found";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "DELETE /api/v1/support/users/{uid}/generations/{id}": {
        400: "malformed_json";
        403: "own_record";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /api/v1/support/users/{uid}/generations/{id}/preview": {
        404: "not_found";
        429: "rate_limited";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable" | "storage_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/support/users/{uid}/plan": {
        400: "malformed_json";
        403: "own_record" | "admin_required";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/support/users/{uid}/refusals/{id}/false-positive": {
        400: "malformed_json";
        403: "own_record";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "POST /api/v1/support/users/{uid}/suspension": {
        400: "malformed_json";
        403: "own_record";
        404: "not_found";
        413: "payload_too_large";
        415: "unsupported_media_type";
        422: "invalid_field";
        500: "internal";
        503: "store_unavailable" | "dependency_unavailable";
        504: "store_timeout";
    };
    "GET /generate-image": {
        400: "bad_query";
        401: "token_missing" | "token_invalid" | "token_expired" | "token_wrong_project" | "token_not_yet_valid" | "token_bad_subject";
        403: "account_suspended" | "pro_required" | "age_confirmation_required" | "age_check_required";
        409: "profile_missing";
        422: "invalid_field" | "prompt_refused";
        429: "rate_limited" | "quota_exhausted" | "too_many_requests" | "queue_full";
        500: "internal";
        502: "backend_failed" | "backend_bad_image" | "backend_too_large";
        503: "auth_keys_unavailable" | "store_unavailable" | "dependency_unavailable" | "storage_unavailable";
        504: "store_timeout" | "backend_timeout";
    };
}
