"""Marrakech's part of the bot: ``words`` (how its events, refusals, prompts and endings read; Discord-free),
its message catalogs in ``locale/``, and ``commands`` (``/marrakech turn`` and ``/marrakech place``)."""
