// The default theme plus <LiveExample> (a file of examples/ shown and run, see markers.ts).
import type {Theme} from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import LiveExample from './LiveExample.vue';
import './style.css';

export default {
  extends: DefaultTheme,
  enhanceApp({app}) {
    app.component('LiveExample', LiveExample);
  },
} satisfies Theme;
