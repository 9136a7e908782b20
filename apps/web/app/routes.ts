import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/shop-layout.tsx', [
    index('routes/home.tsx'),
  ]),
] satisfies RouteConfig;
