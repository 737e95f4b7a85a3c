"use client";
/** Client-side context for every page: SWR defaults, toasts, the auth modal, the stored-token sync. */
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AuthModalProvider } from "@/components/layout/auth-modal-provider";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { ToastProvider } from "@/components/ui/toast";
import { swrFetcher } from "@/lib/api/client";
import { StoredTokenSync } from "@/components/layout/stored-token-sync";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false }}>
      <ToastProvider>
        <StoredTokenSync />
        <ConfirmProvider>
          <AuthModalProvider>{children}</AuthModalProvider>
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
