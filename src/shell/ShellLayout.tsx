import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { HorizontalLayout } from '@/shell/HorizontalLayout';
import { VerticalLayout } from '@/shell/VerticalLayout';
import { mobileMenuClosed, selectLayoutType } from '@/preferences/layoutSlice';
import { useResponsiveLayout } from '@/preferences/useResponsiveLayout';
import '@/styles/shell.css';

/** The frame of the signed-in pages, vertical or horizontal as the person chose. */
export function ShellLayout() {
  const dispatch = useAppDispatch();
  const layout = useAppSelector(selectLayoutType);
  const { pathname } = useLocation();
  useResponsiveLayout();

  // The phone's off-canvas menu closes once a link in it has been followed.
  useEffect(() => {
    dispatch(mobileMenuClosed());
  }, [pathname, dispatch]);

  return layout === 'horizontal' ? <HorizontalLayout /> : <VerticalLayout />;
}
