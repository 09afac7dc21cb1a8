import { Page } from '@/components/ui/page';

export default function GenerateRoute() {
  return <Page title="Generate" lead="Describe the image you want and pick a style." />;
}
