"""Sharing: offline HTML reports and standalone board apps (no widgets imported here)."""
