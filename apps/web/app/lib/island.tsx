// Parts of a page whose code the first paint does not need (docs/decisions/0028). The server renders
// them in full, as before; the browser keeps that HTML as it is (links and forms work) and fetches
// the part's code only when it comes into view or when the page is idle, then hydrates it. React
// does the keeping: a part that suspends while the page hydrates stays as the server sent it.
// Written here rather than taken from a library: the only ones found target React 16–17's APIs,
// and this is React's own `use` + <Suspense>, in about a hundred lines.
import { type ComponentType, type ReactElement, Suspense, use, useEffect, useRef, useState } from 'react';
import { releaseRouteDiscovery } from './route-discovery';

/**
 * When an island's code is fetched: 'visible' when it comes near the screen (below the fold),
 * 'idle' once the page has hydrated and the phone has nothing else to do (above the fold, its
 * controls live soon after the first paint). Touching or focusing it fetches it at once.
 */
export type Wake = 'visible' | 'idle';

/** How far below the screen a 'visible' island starts loading, so that it is live when reached. */
const VISIBLE_MARGIN_PX = 300;
/** How long an 'idle' island waits at most for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

// Islands met during the first hydration wait for their moment; after it (client navigations) the
// page has no server HTML to keep, and an island renders as soon as its code is there.
let pageHydrated = false;

// Islands of the first page woken (by their moment, a tap, an update) and not yet live: React
// Router's route discovery waits for them (route-discovery.ts). Live means hydrated, not merely
// that the code has come: on a slow phone React takes a while to hydrate a long list, and the
// router's update, landing meanwhile, made React drop the list's HTML and draw it again (a tap on
// it lost, the list blinking).
const coming = new Set<object>();
let discoveryHeld = true;
function releaseDiscoveryWhenSettled() {
  if (!discoveryHeld || coming.size > 0) return;
  discoveryHeld = false;
  releaseRouteDiscovery();
}

/** Marks the end of the page's first hydration (called once by the root). */
export function useHydrated() {
  useEffect(() => {
    pageHydrated = true;
    // Said on the page: from now on its script-only controls (a dialog's button, a carousel's
    // arrows) answer. What a journey waits for before tapping one (e2e's expectLive).
    document.documentElement.dataset.hydrated = 'true';
    // After the islands' own effects and idle callbacks, which wake those due now.
    whenIdle(releaseDiscoveryWhenSettled);
  }, []);
}

// Safari has no idle callback: the next task, after the hydration that is running.
const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(run);

/** On the screen, close below it, or above it (the visitor has scrolled past it already). */
const nearScreen = (element: HTMLElement) =>
  element.getBoundingClientRect().top < window.innerHeight + VISIBLE_MARGIN_PX;

function until(wake: Wake, element: HTMLElement, release: () => void): () => void {
  const events = ['pointerdown', 'focusin', 'keydown'];
  for (const name of events) element.addEventListener(name, release, { once: true, passive: true });
  const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && release(), {
    rootMargin: `${VISIBLE_MARGIN_PX}px 0px`,
  });
  if (wake === 'idle') whenIdle(release);
  // On the screen already: woken now, not at the observer's first report, which may come after the
  // idle moment that lets route discovery go.
  else if (nearScreen(element)) release();
  else observer.observe(element);
  return () => {
    observer.disconnect();
    for (const name of events) element.removeEventListener(name, release);
  };
}

/** Whether two props hold the same data: plain objects and arrays compared by content. */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  const plain = (value: unknown): value is object =>
    Array.isArray(value) || (!!value && Object.getPrototypeOf(value) === Object.prototype);
  if (!plain(a) || !plain(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) =>
    sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * An island's code, what lets it come before its moment, and what says the island no longer holds
 * route discovery (it is live, or gone).
 */
type Gate<T> = { code: Promise<T>; release: () => void; settle: () => void };

function Wanted({ release }: { release: () => void }) {
  useEffect(release, [release]);
  return null;
}

/**
 * A component whose code is fetched when `wake` says. `load` imports it dynamically (its module must
 * not be imported statically by the page, or its code is in the page's first load anyway).
 * `className` styles the island's wrapping <div>, the element watched.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, wake: Wake) {
  let component: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => {
    loading ??= load().then(
      (loaded) => {
        component = loaded;
        // Marked as come, as React's `use` reads a promise it has settled itself: an island met
        // after its code has come (a client navigation) reads it at once, without suspending.
        Object.assign(loading as object, { status: 'fulfilled', value: loaded });
        return loaded;
      },
      // A code that cannot come (offline, a module the phone never held: the service worker's
      // stand-in for it exports nothing, so a module importing from it fails) leaves the island as
      // the server drew it, its links and forms working, until the page is loaded again; thrown,
      // it put the page's error view in place of the whole page. (An island met on a client
      // navigation has nothing drawn: it stays empty. Offline, links load documents instead.)
      () => new Promise<never>(() => {}),
    );
    return loading;
  };
  // The server renders every island whole: its code is read when the server build is.
  if (import.meta.env.SSR) void fetchCode();

  // biome-ignore lint/correctness/noComponentHookFactories: made once per island, at a module's top level, as React.lazy's are
  function Body({
    gate,
    props,
    onLive,
  }: {
    gate: Gate<ComponentType<P>>;
    props: P;
    onLive: (live: true) => void;
  }) {
    // Always through `use`: a render that suspended on the code must read it the same way when
    // React tries again (reading the module's copy instead made React give up the server's HTML,
    // error #422). A code React has seen come, or marked as come, is read at once.
    const Component = use(gate.code);
    useEffect(() => onLive(true), [onLive]);
    return <Component {...props} />;
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per island, at a module's top level, as React.lazy's are
  return function Island({ className, ...props }: P & { className?: string }) {
    const ref = useRef<HTMLDivElement>(null);
    // Said on the wrapper for whoever looks (a test, a curious engineer): 'waiting' until the
    // island's code has come and React has taken over its HTML, then 'live'.
    const [live, setLive] = useState(false);
    const [gate] = useState((): Gate<ComponentType<P>> => {
      const token = {};
      let resolve = () => {};
      // Once live or gone, a later wake (a tap on the live island, new data, an idle callback that
      // outlived it) must not hold route discovery again: nothing would let it go.
      let settled = false;
      return {
        code:
          component || pageHydrated || import.meta.env.SSR
            ? fetchCode()
            : new Promise<void>((done) => {
                resolve = done;
              }).then(fetchCode),
        // Woken: route discovery waits for it from now on.
        release: () => {
          if (discoveryHeld && !settled) coming.add(token);
          resolve();
        },
        settle: () => {
          settled = true;
          if (coming.delete(token)) releaseDiscoveryWhenSettled();
        },
      };
    });
    useEffect(() => {
      const element = ref.current;
      if (!element || component) return;
      // Met after the page's own hydration, inside an island that has just taken over its HTML (a
      // category's list within its page): its code comes at once, and it is hydrating all the same.
      if (pageHydrated) return gate.release();
      return until(wake, element, gate.release);
    }, [gate]);
    // Live (React has taken over its HTML; the wrapper says so by now) or gone before it was: route
    // discovery no longer waits for it. (One whose code cannot come holds it until the page is left:
    // an update from React Router would make React drop the HTML it keeps.)
    useEffect(() => {
      if (live) gate.settle();
      return gate.settle;
    }, [live, gate]);
    // The same element while the props hold the same data: a parent that renders again (a
    // revalidation brings equal data in new objects) does not reach a waiting island. New data for a
    // waiting island wants its code now; until it has come, the island keeps the server's HTML (React
    // would otherwise drop it for an empty fallback, and the page would jump).
    const content = useRef<{ props: typeof props; element: ReactElement } | null>(null);
    const changed = content.current !== null && !sameData(content.current.props, props);
    if (!content.current || (changed && component)) {
      content.current = {
        props,
        element: (
          // The fallback shows only when React gives up the server's HTML anyway: the code is
          // wanted now.
          <Suspense fallback={<Wanted release={gate.release} />}>
            <Body gate={gate} props={props as unknown as P} onLive={setLive} />
          </Suspense>
        ),
      };
    }
    useEffect(() => {
      if (changed) gate.release();
    });
    return (
      <div ref={ref} className={className} data-island={live ? 'live' : 'waiting'} data-wake={wake}>
        {content.current.element}
      </div>
    );
  };
}
