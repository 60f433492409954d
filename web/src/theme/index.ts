export {
  applyTheme,
  nextThemeMode,
  resolveTheme,
  startThemeSync,
  systemPrefersDark,
  useSystemPrefersDark,
  useTheme,
  type ResolvedTheme,
  type ThemeControls,
} from './theme';
export { ThemeToggle, type ThemeToggleProps } from './ThemeToggle';
