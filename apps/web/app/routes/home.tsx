import { serverContext } from '#api-context';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  const res = await api('/categories');
  return { categories: (res.body as { data: { categories: { id: number; name: string }[] } }).data.categories };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>PARFUMS &amp; COSMÉTIQUES NATURELS</h1>
      <ul>{loaderData.categories.map((c) => <li key={c.id}>{c.name}</li>)}</ul>
    </main>
  );
}
