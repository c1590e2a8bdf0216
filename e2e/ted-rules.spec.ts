// TED's rules for a TEDx website (issue 29; docs/next-edition.md, "TED's rules the site keeps"):
// what TED checks before it keeps a licence. TED's own words are written out here, not read
// from content/, so a rewording of the content fails this test.
import {
  EVENT_CITY,
  EVENT_DATE_LONG,
  EVENT_SHORT_NAME,
  LAUNCH_AT,
  VENUE,
} from '../content/event.ts';
import {
  DESKTOP,
  EVERY_PAGE,
  PHONE,
  expect,
  failedResourcePattern,
  test,
  visibleText,
  writtenText,
} from './fixtures';

const TEDX_PROGRAM = 'https://www.ted.com/about/programs-initiatives/tedx-program';

/** TED's "What is TEDx?" language, with the event's name where TED writes TEDx[name]. */
const WHAT_IS_TEDX =
  'In the spirit of ideas worth spreading, TED has created a program called TEDx. TEDx is a ' +
  'program of local, self-organized events that bring people together to share a TED-like ' +
  `experience. Our event is called ${EVENT_SHORT_NAME}, where x = independently organized TED ` +
  `event. At our ${EVENT_SHORT_NAME} event, TEDTalks video and live speakers will combine to ` +
  'spark deep discussion and connection in a small group. The TED Conference provides general ' +
  'guidance for the TEDx program, but individual TEDx events, including ours, are self-organized.';

const LICENSE_LINE = 'This independent TEDx event is operated under license from TED.';

for (const [label, viewport] of [
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  test(`${label}: the home page carries TED's "What is TEDx?" language and a visible link to the TEDx program`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const about = page.locator('#about-section');
    expect(await visibleText(about)).toContain(WHAT_IS_TEDX);
    const link = about.locator(`a[href="${TEDX_PROGRAM}"]`);
    await expect(link).toHaveCount(1);
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleName(/TEDx program/);
  });
}

test('every page says in its footer that the event is operated under license from TED', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(failedResourcePattern(404));
  consoleGuard.allow(/not-a-route/); // the not-found page logs the path it was asked for
  for (const path of EVERY_PAGE) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(LICENSE_LINE, { exact: true }), path).toBeVisible();
  }
});

test('the home page gives the date, the city and a description of the venue, as its JSON-LD does', async ({
  page,
}) => {
  await page.goto('/');
  // As written: the date is set in capitals on screen.
  const text = await writtenText(page.locator('main'));
  for (const fact of [EVENT_DATE_LONG, EVENT_CITY, VENUE.name, VENUE.description]) {
    expect(text, fact).toContain(fact);
  }
  const venue = page.getByText(VENUE.description, { exact: true });
  await venue.scrollIntoViewIfNeeded();
  await expect(venue).toBeVisible();
  expect(VENUE.description.length, 'a description, not just a name').toBeGreaterThan(40);
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '')));
  const event = jsonLd.find((item: { '@type'?: string }) => item['@type'] === 'Event') as {
    startDate: string;
    location: { name: string; description: string; address: { addressLocality: string } };
  };
  expect(event.startDate).toBe(LAUNCH_AT);
  expect(event.location.name).toBe(VENUE.name);
  expect(event.location.description).toBe(VENUE.description);
  expect(event.location.address.addressLocality).toBe(EVENT_CITY);
});

test("the About page carries TED's About TEDx and About TED language", async ({ page }) => {
  await page.goto('/about');
  const text = await visibleText(page.locator('main'));
  for (const words of [
    /In the spirit of ideas worth spreading, TEDx is a program of local, self-organized events that bring people together to share a TED-like experience\./,
    /x (?:=|stands for|means) an? independently organized (?:TED )?event/,
    /TED ?Talks video and live speakers (?:will )?combine to spark deep discussion and connection in a small group\./,
    /The TED Conference provides general guidance for the TEDx program, but individual TEDx events(?:, including ours,)? are self-organized/,
    /TED is a nonprofit, nonpartisan organization dedicated to discovering, debating and spreading ideas/,
  ]) {
    expect(text).toMatch(words);
  }
});

test('no sponsor names or logos on the home page', async ({ page }) => {
  await page.goto('/');
  const text = await visibleText(page.locator('body'));
  expect(text).not.toMatch(
    /\bsponsor(?:s|ed|ship)?\b|\bpartners?\b|powered by|presented by|supported by|in association with/i,
  );
  // No picture of any kind but the site's own: a sponsor's logo would be one.
  const pictures = await page
    .locator('img, picture, svg image, object, embed, iframe')
    .evaluateAll((elements) =>
      elements.map((element) => ({
        src:
          element.getAttribute('src') ??
          element.getAttribute('href') ??
          element.getAttribute('data') ??
          '',
        alt: element.getAttribute('alt') ?? '',
      })),
    );
  for (const picture of pictures) {
    expect(new URL(picture.src, page.url()).origin, picture.src).toBe(new URL(page.url()).origin);
    expect(`${picture.src} ${picture.alt}`).not.toMatch(/sponsor|partner/i);
  }
});
