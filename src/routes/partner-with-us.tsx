import { createFileRoute } from '@tanstack/react-router'
import { staticPage } from '../pages/static-page'

export const Route = createFileRoute('/partner-with-us')(staticPage('partner-with-us', '/partner-with-us'))
