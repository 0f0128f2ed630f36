require "kit/request_helpers"
require "kit/book_session"
require "kit/signed_in"
