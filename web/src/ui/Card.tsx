import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** `section` when the card has its own heading, `article` for a self-contained item. */
  as?: 'div' | 'section' | 'article' | 'li';
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Hover lift for cards that are clickable as a whole. */
  interactive?: boolean;
  children?: ReactNode;
}

export function Card({ as: Tag = 'div', padding = 'md', interactive, className, children, ...rest }: CardProps) {
  const classes = ['ui-card', `ui-card--pad-${padding}`, interactive && 'ui-card--interactive', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Tag className={classes} {...rest}>
      {children}
    </Tag>
  );
}

export interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level inside the page outline. */
  level?: 2 | 3 | 4;
}

export function CardHeader({ title, description, actions, level = 2 }: CardHeaderProps) {
  const Heading = `h${level}` as const;
  return (
    <div className="ui-card__header">
      <div className="ui-card__heading">
        <Heading className="ui-card__title">{title}</Heading>
        {description && <p className="ui-card__description">{description}</p>}
      </div>
      {actions && <div className="ui-card__actions">{actions}</div>}
    </div>
  );
}
