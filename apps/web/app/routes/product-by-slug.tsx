// Placeholder: being built (issue #2).
export default function Page() {
  return <main>…</main>;
}
