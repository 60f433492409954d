import type { FeatureMessages } from '../../i18n/use-messages';

export const homeMessages = {
  en: {
    welcomeBack: 'Welcome back, {{name}}',
    welcomeBackNoName: 'Welcome back',
    signedInLead: 'Back to your videos and jobs.',
    welcome: 'Welcome to Kadr',
    visitorLead:
      'Turn a sentence into a short video. Sign in to generate, follow progress live and keep your videos in one gallery.',
    signIn: 'Sign in',
    learnMore: 'How Kadr works',
    tiles: {
      generate: { title: 'Generate a video', text: 'Write a prompt, choose length, quality and speed, and start.' },
      dashboard: { title: 'Dashboard', text: 'Your jobs in progress, recent videos and credit balance.' },
      gallery: { title: 'My videos', text: 'Every finished video, ready to play.' },
      credits: { title: 'Buy credits', text: 'Top up your balance. Credits never expire.' },
      subscription: { title: 'Plans', text: 'A monthly allowance of generations, no automatic renewal.' },
      pricing: { title: 'Pricing', text: 'Credit packages and monthly plans, in PLN.' },
      privacy: { title: 'Privacy policy', text: 'What data we process and why.' },
      terms: { title: 'Terms of service', text: 'The rules of using Kadr, payments and complaints.' },
    },
    quickLinks: 'Quick links',
  },
  pl: {
    welcomeBack: 'Witaj ponownie, {{name}}',
    welcomeBackNoName: 'Witaj ponownie',
    signedInLead: 'Wróć do swoich filmów i zadań.',
    welcome: 'Witaj w Kadr',
    visitorLead:
      'Zamień jedno zdanie w krótki film. Zaloguj się, aby generować, śledzić postęp na żywo i trzymać filmy w jednej galerii.',
    signIn: 'Zaloguj się',
    learnMore: 'Jak działa Kadr',
    tiles: {
      generate: { title: 'Wygeneruj film', text: 'Napisz opis, wybierz długość, jakość i szybkość, i zacznij.' },
      dashboard: { title: 'Panel', text: 'Zadania w toku, ostatnie filmy i saldo kredytów.' },
      gallery: { title: 'Moje filmy', text: 'Wszystkie gotowe filmy, gotowe do odtworzenia.' },
      credits: { title: 'Kup kredyty', text: 'Doładuj saldo. Kredyty nigdy nie wygasają.' },
      subscription: { title: 'Plany', text: 'Miesięczna pula generowań, bez automatycznego odnowienia.' },
      pricing: { title: 'Cennik', text: 'Pakiety kredytów i plany miesięczne, w złotych.' },
      privacy: { title: 'Polityka prywatności', text: 'Jakie dane przetwarzamy i dlaczego.' },
      terms: { title: 'Regulamin', text: 'Zasady korzystania z Kadr, płatności i reklamacje.' },
    },
    quickLinks: 'Szybkie linki',
  },
} satisfies FeatureMessages;
