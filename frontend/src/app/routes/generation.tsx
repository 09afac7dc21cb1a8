import { Page } from '@/components/ui/page';

export default function GenerationRoute() {
  return <Page title="Your images" lead="The images you generate appear here." />;
}
