/** @jest-environment jsdom */
/** Contact's community links come from configuration: shown when set, absent (with their section) when not. */
import { render, screen } from "@testing-library/react";
import ContactPage from "@/app/(marketing)/contact/page";

jest.mock("@/lib/config/public-config", () => ({
  publicConfig: {
    extensionStoreUrl: "/get-extension",
    supportEmail: "support@example.test",
    siteUrl: "http://localhost:3000",
    socialMicroblogUrl: null,
    socialChatUrl: null,
    youtubeThumbnailBaseUrl: null,
  },
}));
const mockConfig = (jest.requireMock("@/lib/config/public-config") as { publicConfig: { socialMicroblogUrl: string | null; socialChatUrl: string | null } }).publicConfig;

function renderContact(links: { socialMicroblogUrl?: string; socialChatUrl?: string }) {
  mockConfig.socialMicroblogUrl = links.socialMicroblogUrl ?? null;
  mockConfig.socialChatUrl = links.socialChatUrl ?? null;
  render(<ContactPage />);
}

test("unset: no community section and no social link, the support e-mail still there", () => {
  renderContact({});
  expect(screen.queryByRole("heading", { name: "Follow and chat with us" })).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Follow ViewParty" })).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Join the community chat" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "support@example.test" })).toHaveAttribute("href", "mailto:support@example.test");
});

test("one configured: its link with its own address, and not the other", () => {
  renderContact({ socialChatUrl: "https://chat.example.test/viewparty" });
  expect(screen.getByRole("heading", { name: "Follow and chat with us" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Join the community chat" })).toHaveAttribute("href", "https://chat.example.test/viewparty");
  expect(screen.queryByRole("link", { name: "Follow ViewParty" })).not.toBeInTheDocument();
});

test("both configured: both links", () => {
  renderContact({ socialMicroblogUrl: "https://social.example.test/@viewparty", socialChatUrl: "https://chat.example.test/viewparty" });
  expect(screen.getByRole("link", { name: "Follow ViewParty" })).toHaveAttribute("href", "https://social.example.test/@viewparty");
  expect(screen.getByRole("link", { name: "Join the community chat" })).toHaveAttribute("href", "https://chat.example.test/viewparty");
});
