"""The Help screen: every key and gesture, and the rules in the game's own words.

It opens at the rules of the game being played (Russian Solitaire's,
Alaska's, Moosehide's; Yukon's at the top), and stays there as the window
or the language changes until the player scrolls.

What the pages say is in ``help_sections``, how a page is typeset in
``help_page`` and how it scrolls in ``scroll_view``; this is the dialog that
shows them, with its buttons and keys.
"""

from __future__ import annotations

import pygame

from yukon.engine import Rules
from yukon.i18n import N_
from yukon.ui.dialogs.base import PAGE_UNITS, Dialog
from yukon.ui.dialogs.help_page import typeset
from yukon.ui.dialogs.help_sections import Section, page_sections, rules_section
from yukon.ui.dialogs.scroll_view import ScrollView
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button


class HelpScreen(Dialog):
    """A scrolling page of help, or of the FAQ; Up/Down, Page Up/Down and
    the wheel scroll it. Its buttons (and E, Q) open the Examples and switch
    between the help and the FAQ. ``rules``: the game being played, whose
    rules the help opens at (None: at the top)."""

    title = N_("Help")
    width_units = PAGE_UNITS
    full_height = True

    def __init__(self, host: Host, rules: Rules | None = None) -> None:
        super().__init__(host)
        tr = self.tr
        self.faq = False  # showing the FAQ instead of the help
        self.rules = rules
        self.opens_at = 0 if rules is None else rules_section(rules)
        # The section kept at the top of the view until the player scrolls.
        self.anchor: int | None = self.opens_at
        self.faq_button = Button(lambda: tr.gettext("Help" if self.faq else "FAQ"), self.toggle_faq)
        self.buttons = [
            Button(lambda: tr.gettext("Examples"), self.open_examples),
            self.faq_button,
            Button(lambda: tr.gettext("Close"), self.close, primary=True),
        ]
        self.scroller = ScrollView(self.redraw)

    # What tests and --dump-layout read: the page, its view and how far down it is.
    @property
    def page_texts(self) -> list[tuple[str, pygame.Rect]]:
        """Every text of the page, with its rect on the page."""
        page = self.scroller.page
        return page.texts if page is not None else []

    @property
    def view(self) -> pygame.Rect:
        return self.scroller.view

    @property
    def scroll(self) -> int:
        return self.scroller.scroll

    @property
    def max_scroll(self) -> int:
        return self.scroller.max_scroll

    def content_height(self) -> int:
        return 10_000  # as tall as the window allows; the page scrolls

    def layout_content(self, top: int) -> None:
        u = self.unit
        view = pygame.Rect(
            self.panel.x + u, top, self.panel.w - 2 * u, self.panel.bottom - round(u * 3.0) - top
        )
        page = typeset(self.sections(), max(1, view.w), u, inks=self.suit_inks())
        self.scroller.show(page, view, u)
        if self.anchor is not None and self.anchor < len(page.section_tops):
            self.scroller.scroll_to(page.section_tops[self.anchor])

    def toggle_faq(self) -> None:
        self.faq = not self.faq
        self.title = N_("FAQ") if self.faq else N_("Help")
        self.scroller.scroll = 0
        self.anchor = None if self.faq else self.opens_at  # the help opens as it first did
        self.resize(self.host.size)

    def open_examples(self) -> None:
        from yukon.texts.examples import first_example
        from yukon.ui.dialogs.examples import ExamplesScene

        # At the game's own example, as the help opens at the game's rules.
        index = 0 if self.rules is None else first_example(self.rules)
        self.host.push(ExamplesScene(self.host, index))

    def sections(self) -> list[Section]:
        """The page's sections in the player's language."""
        folder = str(self.session.store.directory)
        return page_sections(self.tr, faq=self.faq, folder=folder)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.scroller.repeat.stop()
            if event.key == pygame.K_F1:
                self.close()
                return
            if event.key == pygame.K_e:
                self.open_examples()
                return
            if event.key == pygame.K_q:
                self.toggle_faq()
                return
        before = self.scroller.scroll
        taken = self.scroller.handle_event(event, self.now)
        self._scrolled(before)
        if taken:
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.scroller.scroll
        self.scroller.update(self.now)
        self._scrolled(before)

    def _scrolled(self, before: int) -> None:
        """The player moved the page: it no longer keeps to its section."""
        if self.scroller.scroll != before:
            self.anchor = None

    def draw_content(self, surface: pygame.Surface) -> None:
        self.scroller.draw(surface, self.palette.panel)
