import { Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../routing/paths';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Icon } from '../../ui/icons/Icon';
import { HoldLayoutWhile } from '../../ui/layoutHold/holdContext';
import type { HomeWidget } from './widgets';

function Message({ text }: { readonly text: string }) {
  return <p className="widget__empty">{text}</p>;
}

/** One home widget: heading, optional link and update time, then the feature's content or its empty state. */
export function WidgetSlot({ widget }: { readonly widget: HomeWidget }) {
  const headingId = `widget-${widget.id}`;
  const { Component } = widget;
  return (
    <section className={widget.isWide ? 'card widget widget--wide' : 'card widget'} aria-labelledby={headingId}>
      <header className="widget__header">
        <span className="widget__icon">
          <Icon name={widget.icon} size={20} />
        </span>
        <h2 id={headingId} className="widget__title">
          {widget.title}
        </h2>
        {widget.resourceKey && <UpdatedAt resourceKey={widget.resourceKey} />}
      </header>
      <div className="widget__body">
        {Component ? (
          <ErrorBoundary fallback={<Message text="This could not be shown just now." />}>
            <Suspense
              fallback={
                <div className="widget__loading" aria-hidden="true">
                  <HoldLayoutWhile isLoading />
                </div>
              }
            >
              <Component />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <Message text={widget.emptyText} />
        )}
      </div>
      {widget.link && (
        <Link className="widget__link" to={paths[widget.link.routeName]}>
          {widget.link.label}
          <Icon name="chevronRight" size={18} />
        </Link>
      )}
    </section>
  );
}

/**
 * A widget's stand-in while the home page's data loads: the same card, icon and title, a body about
 * as tall as the widget's usual content (`skeletonLines`) and the link's row, drawn as grey shapes.
 */
export function WidgetSkeleton({ widget }: { readonly widget: HomeWidget }) {
  return (
    <div className={widget.isWide ? 'card widget widget--wide' : 'card widget'} aria-hidden="true">
      <div className="widget__header">
        <span className="widget__icon">
          <Icon name={widget.icon} size={20} />
        </span>
        <span className="widget__title">{widget.title}</span>
      </div>
      <div className="widget__body">
        <div className="skeleton-block" style={{ height: `${widget.skeletonLines * 1.5}rem` }} />
      </div>
      {widget.link && <span className="widget__link widget__link--skeleton" />}
    </div>
  );
}
