// Journey 6: every main screen at 375 px and 1440 px, saved to test-results/ as
// <screen>-<width>.png, each checked for content that spills sideways out of the window and
// for accessibility (axe-core, WCAG 2.1 AA).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { assertAccessible } from './support/accessibility.js';
import { call } from './support/api.js';
import { BASE_URL, launch, openPage, screenshot } from './support/browser.js';
import { at, expectNavUser, freeUser, generateViaApi, JOURNEY, logIn, until, visible } from './support/journey.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Elements wider than the window, or reaching past its right edge (sideways scrolling). */
async function assertNoSidewaysOverflow(page, screen) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 1 || box.left < -1) {
        const style = getComputedStyle(element);
        if (style.position === 'fixed' && style.visibility === 'hidden') continue;
        offenders.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)} [${Math.round(box.left)}..${Math.round(box.right)}]`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders: offenders.slice(0, 5) };
  });
  assert.ok(
    found.scrollWidth <= found.width && found.offenders.length === 0,
    `${screen} spills sideways (scrollWidth ${found.scrollWidth} > ${found.width}): ${found.offenders.join(', ')}`,
  );
}

async function shoot(page, screen, width, { checkOverflow = true } = {}) {
  await page.evaluate(() => document.fonts.ready);
  if (checkOverflow) await assertNoSidewaysOverflow(page, `${screen} at ${width} px`);
  await screenshot(page, `${screen}-${width}`);
  await assertAccessible(page, `${screen} at ${width} px`);
}

for (const width of [375, 1440]) {
  test(`the main screens at ${width} px`, JOURNEY, async () => {
    const height = width < 960 ? 812 : 900;

    // Signed out: landing, login, register.
    const guest = await openPage(browser, { width, height });
    await guest.emulateMedia({ reducedMotion: 'reduce' }); // the cards hold still for the picture
    await guest.goto(`${BASE_URL}/`);
    await visible(guest.getByRole('heading', { name: 'Lucent', exact: true, level: 1 }), 'the landing heading');
    await expectNavUser(guest, 'Guest');
    await shoot(guest, 'landing', width);

    const toggle = guest.getByRole('button', { name: 'Menu', exact: true });
    if (width < 960) {
      // Narrow: the menu hides behind the toggle, and opening it blurs and locks the page.
      assert.equal(await guest.getByRole('link', { name: 'Pricing', exact: true }).isVisible(), false, 'menu closed by default');
      await toggle.click();
      await visible(guest.getByRole('link', { name: 'Pricing', exact: true }), 'the opened menu');
      await visible(guest.getByTestId('menu-backdrop'), 'the backdrop behind the menu');
      assert.equal(await guest.evaluate(() => getComputedStyle(document.body).overflow), 'hidden', 'scrolling locked');
      await screenshot(guest, `nav-menu-open-${width}`);
      await assertAccessible(guest, `the open menu at ${width} px`);
      await toggle.click();
      await until('the menu closes again', async () => {
        assert.equal(await guest.getByRole('link', { name: 'Pricing', exact: true }).isVisible(), false);
      });
    } else {
      assert.equal(await toggle.isVisible(), false, 'no hamburger toggle on a wide window');
      await visible(guest.getByRole('link', { name: 'Pricing', exact: true }), 'the Pricing link');
    }

    await guest.goto(`${BASE_URL}/login`);
    await visible(guest.getByRole('heading', { name: 'Login', exact: true, level: 1 }), 'the Login heading');
    await shoot(guest, 'login', width);
    await guest.goto(`${BASE_URL}/register`);
    await visible(guest.getByRole('heading', { name: 'Register', exact: true, level: 1 }), 'the Register heading');
    await shoot(guest, 'register', width);
    guest.assertNoErrors();

    // Signed in (free, one image made): generate, gallery, pricing, profile, test checkout.
    const user = await freeUser(`Shot ${width} ${Date.now().toString(36)}`);
    const prompt = `a glass greenhouse full of ferns, morning light, ${width}px`;
    await generateViaApi(user, prompt, width);
    const page = await openPage(browser, { width, height });
    await logIn(page, user);

    await visible(page.getByText('Real V1.1', { exact: true }).first(), 'the style tiles');
    await until('the credits are shown', async () => {
      assert.match(await page.getByTestId('credits').innerText(), /^9 of 10 credits left/);
    });
    await shoot(page, 'generate', width);
    if (width >= 960) {
      const spills = await spillsOutOf(page, 'fieldset label, fieldset a');
      assert.deepEqual(spills, [], `style tile contents spill out of their tiles: ${spills.join('; ')}`);
    }

    await page.goto(`${BASE_URL}/generation`);
    const img = page.getByRole('img', { name: `Generated image: ${prompt}`, exact: true });
    await visible(img, 'the image in the gallery');
    await until('the image has loaded', async () => {
      assert.equal(await img.evaluate((element) => element.complete && element.naturalWidth > 0), true);
    });
    await shoot(page, 'generation', width);

    await page.goto(`${BASE_URL}/subscribe`);
    const pay = page.getByRole('button', { name: 'Pay $9.99 per month', exact: true });
    await visible(pay, 'the pay button');
    await shoot(page, 'subscribe', width);

    await page.goto(`${BASE_URL}/profile`);
    await visible(page.getByTestId('profile-credits'), 'the profile');
    await shoot(page, 'profile', width);

    await page.goto(`${BASE_URL}/subscribe`);
    await pay.click();
    await at(page, /^\/checkout\/test\/[^/]+$/);
    await visible(page.getByText('TEST MODE', { exact: true }), 'the TEST MODE checkout');
    await shoot(page, 'checkout', width, { checkOverflow: false }); // see the TODO test below
    await page.getByLabel('Card number', { exact: true }).fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $9.99', exact: true }).click();
    await visible(page.getByText('Your card was declined.', { exact: true }), 'the declined message');
    await shoot(page, 'checkout-declined', width, { checkOverflow: false });
    page.assertNoErrors();

    const me = await call('GET', '/api/v1/me', { token: user.token });
    assert.equal(me.body.plan, 'free');
  });
}

test('the policy, support and error pages pass the accessibility rules at 375 px', JOURNEY, async () => {
  const page = await openPage(browser, { width: 375, height: 812 });
  const pages = {
    '/terms-of-service': 'Terms of Service',
    '/privacy-policy': 'Privacy Policy',
    '/cancellation': 'Cancellation and Refund Policy',
    '/support': 'Customer Support',
    '/cancel': 'Checkout cancelled',
  };
  for (const [path, heading] of Object.entries(pages)) {
    await page.goto(`${BASE_URL}${path}`);
    await visible(page.getByRole('heading', { name: heading, exact: true, level: 1 }), `the heading of ${path}`);
    await assertAccessible(page, path);
  }
  page.assertNoErrors();
});

/** Descendants of each element matched by `selector` that reach outside it (more than 1 px). */
async function spillsOutOf(page, selector) {
  return page.evaluate((css) => {
    const found = [];
    for (const box of document.querySelectorAll(css)) {
      const outer = box.getBoundingClientRect();
      for (const child of box.querySelectorAll('*')) {
        const inner = child.getBoundingClientRect();
        if (inner.width === 0 || inner.height === 0) continue;
        if (inner.left < outer.left - 1 || inner.right > outer.right + 1) {
          const label = (box.textContent ?? '').trim().slice(0, 20);
          found.push(`'${label}': ${child.tagName.toLowerCase()} spans ${Math.round(inner.left)}..${Math.round(inner.right)}, its box ${Math.round(outer.left)}..${Math.round(outer.right)}`);
        }
      }
    }
    return [...new Set(found)];
  }, selector);
}

// Visual defects the screenshots once showed, kept as checks.

test(
  'at 375 px the style tiles on /generate hold their swatches',
  JOURNEY,
  async () => {
    const page = await openPage(browser, { width: 375, height: 812 });
    await page.goto(`${BASE_URL}/generate`);
    await visible(page.getByText(/^NSFW V1\.1/).first(), 'the style tiles');
    const spills = await spillsOutOf(page, 'fieldset label, fieldset a');
    assert.deepEqual(spills, [], `style tile contents spill out of their tiles: ${spills.join('; ')}`);
    page.assertNoErrors();
  },
);

test('at 1440 px the landing page does not move once the sign-in state is known', JOURNEY, async () => {
  const page = await openPage(browser, { width: 1440, height: 900 });
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${BASE_URL}/`);
  await expectNavUser(page, 'Guest');
  await visible(page.getByRole('link', { name: 'Login', exact: true }), 'the Login link');
  const shift = await page.evaluate(() => window.layoutShift);
  // Lighthouse once measured 0.14 here: the nav grew when Login and Register appeared.
  assert.ok(shift < 0.02, `the landing page shifted by ${shift.toFixed(3)}`);
  page.assertNoErrors();
});

test(
  'at 375 px the TEST MODE checkout page fits the window',
  JOURNEY,
  async () => {
    const user = await freeUser(`Narrow Checkout ${Date.now().toString(36)}`);
    const checkout = await call('POST', '/api/v1/checkout', { token: user.token });
    assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
    const page = await openPage(browser, { width: 375, height: 812 });
    await page.goto(checkout.body.url);
    await visible(page.getByText('TEST MODE', { exact: true }), 'the TEST MODE checkout');
    await assertNoSidewaysOverflow(page, 'the test checkout page at 375 px');
    page.assertNoErrors();
  },
);
