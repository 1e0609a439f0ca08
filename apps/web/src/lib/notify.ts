import { errorMessages, forbiddenMessages } from '@hookline/contract';
import { notifications } from '@mantine/notifications';

/**
 * Toasts for failures (000 §8). Identical toasts share an id so that several failing
 * requests at once show one toast, not a stack of copies.
 */
export interface ToastText {
  title: string;
  message: string;
}

function toastId(kind: string, text: ToastText) {
  return `${kind}:${text.title}:${text.message}`;
}

export function showErrorToast(text: Partial<ToastText> = {}): void {
  const content: ToastText = {
    title: text.title || errorMessages.title,
    message: text.message || errorMessages.content,
  };
  notifications.show({ id: toastId('error', content), color: 'red', ...content });
}

export function showForbiddenToast(): void {
  const content: ToastText = { title: forbiddenMessages.title, message: forbiddenMessages.content };
  notifications.show({ id: toastId('forbidden', content), color: 'red', ...content });
}

export function showSuccessToast(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message });
}
