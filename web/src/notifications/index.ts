export {
  clearToasts,
  dismissToast,
  showToast,
  toast,
  useToasts,
  type Toast,
  type ToastOptions,
  type ToastType,
} from './toast-store';
export { Toaster } from './Toaster';
