"""Jambo's part of the bot: ``words`` (how its events, refusals, prompts and endings read; Discord-free) and
its message catalogs in ``locale/``. The ``/jambo`` commands are built on the bot core separately."""
