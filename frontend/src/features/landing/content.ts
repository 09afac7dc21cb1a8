// The landing page's copy, in one place. Its credits are the shipped defaults, not the
// catalog's: the landing page loads no query code (config/plans.ts).
import { DEFAULT_PLANS, freeAllowance, PRO_RENEWAL, proAllowance } from '@/config/plans';

export const heroPrompts = [
  {
    style: 'Real V1.1',
    prompt: 'A woman with freckles laughing in golden-hour light, 85 mm portrait, natural skin texture',
  },
  {
    style: 'Real V1.2',
    prompt: 'A rainy Tokyo street at night, neon reflections on wet asphalt, cinematic wide shot',
  },
  {
    style: 'Anime V1',
    prompt: 'A girl with silver hair on a rooftop at sunset, cherry blossoms drifting, detailed anime style',
  },
  {
    style: 'Real V1.1',
    prompt: 'A cosy cabin interior in winter, fire in the hearth, soft window light, 35 mm photo',
  },
] as const;

export const aboutBlocks = [
  {
    title: 'Realistic results',
    text: 'Models tuned for photographic detail: skin, light and texture that look like a camera saw them.',
  },
  {
    title: 'Styles for every idea',
    text: 'Switch between realistic, anime and explicit (18+) styles, and pick a look, with one tap.',
  },
  {
    title: 'Yours to keep',
    text: 'Your images are saved to your account. Premium keeps them for life, sharp and downloadable.',
  },
] as const;

export const steps = [
  { title: 'Describe it', text: 'Write what you want to see, in your own words.' },
  { title: 'Pick a style', text: 'Choose a model and a look that fits the picture in your head.' },
  { title: 'Generate', text: 'Lucent renders a realistic image in moments.' },
] as const;

export const faqs = [
  {
    question: 'What is Lucent?',
    answer:
      'Lucent turns a short text prompt into a realistic image. Describe a scene, choose a style, and press Generate.',
  },
  {
    question: 'Who can use Lucent?',
    answer:
      'Adults only. You must be 18 or older to create an account, and explicit images need your age verified once by our identity provider.',
  },
  {
    question: 'Why are my images blurred?',
    answer:
      'Free images are shown as blurred previews. Premium removes the blur, including on the images you made before subscribing.',
  },
  {
    question: 'What does Premium include?',
    answer:
      `Sharp images without a watermark, downloads, lifetime saving, faster generation, higher quality, more looks and models, several images at once, and ${proAllowance(DEFAULT_PLANS)} (${PRO_RENEWAL}), for $9.99 a month. Free accounts get ${freeAllowance(DEFAULT_PLANS)}.`,
  },
  {
    question: 'Can I get a refund?',
    answer:
      'Yes. If you have not used your Premium subscription, you can ask for a refund within 14 days of paying. The Cancellation and Refund Policy has the details.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes, from your profile, with no cancellation fee. You keep Premium until the end of the billing period you paid for.',
  },
] as const;
